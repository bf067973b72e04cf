// Runs in: main. Terms follow the learner's word corrections (issue 46): a term holding a corrected string is
// counted again (WoWordCount), so a term the learner joined into one word counts one, as its texts now cut it.
import type { DomainEvents } from '../../core/events';
import type { HandlerContext } from '../../core/context';
import { analyzerReady, countWords } from '../analysis';
import { withWordCorrections } from '../languages';
import * as repo from './repo';

/**
 * Listener of language.wordCorrected, inside the correction's transaction. Only the terms holding the string change
 * (an instr scan of the language's terms). Without the language's analyzer loaded the count would be the stand-in's,
 * so it is left as it is (the reader loads the analyzer before it saves a correction).
 */
export function recountCorrectedTerms(ctx: HandlerContext, { language, textLC }: DomainEvents['language.wordCorrected']): void {
  const lang = withWordCorrections(ctx, language);
  if (!analyzerReady(lang)) return;
  for (const t of repo.termsContaining(ctx.sqlite, ctx.user, language.LgID, textLC)) {
    const count = countWords(lang, t.WoText);
    if (count !== t.WoWordCount) repo.updateTermColumns(ctx.sqlite, ctx.user, t.WoID, { WoWordCount: count });
  }
}
