// Runs in: main. The reader payload's `families` column (issue 17, "family known"): for each form of the text
// without a term whose automatic lemma (lemmas service: the language's file, Hunspell table, kuromoji) is another
// word, that lemma and the status of the learner's term for it (0 when it has none yet: the reader then follows
// the lemma being saved while reading). Sparse: only such forms are listed. The reader underlines the
// ones whose family is known when the learner turned the `readerFamilyKnown` setting on; it is part of the cached
// payload, whose key moves with every term change, so it is never older than the terms.
import type { ReaderFamilies } from '../../../src-shared/contract/reader';
import type { HandlerContext } from '../../core/context';
import { findLanguage } from '../languages';
import { localLemmaLookup } from '../lemmas';
import { termStatusesByText } from './repo';

export function familyColumn(ctx: HandlerContext, languageId: number, formLC: readonly string[], hasTerm: (form: number) => boolean): ReaderFamilies {
  const families: ReaderFamilies = { form: [], lemma: [], status: [] };
  const language = findLanguage(ctx, languageId);
  if (!language || language.LgLemmatizerType === 'none') return families;
  // One lookup for the whole text: composing it per form stats the lemma file once per form (5,000 in a chapter).
  const lookup = localLemmaLookup(ctx, language);
  if (!lookup) return families;
  const lemmaOfForm = new Map<number, string>();
  for (let f = 0; f < formLC.length; f++) {
    if (hasTerm(f)) continue;
    const lemma = lookup(formLC[f])?.toLowerCase();
    if (lemma && lemma !== formLC[f]) lemmaOfForm.set(f, lemma);
  }
  const statuses = termStatusesByText(ctx.sqlite, ctx.user, languageId, [...new Set(lemmaOfForm.values())]);
  for (const [f, lemma] of lemmaOfForm) {
    families.form.push(f);
    families.lemma.push(lemma);
    families.status.push(statuses.get(lemma) ?? 0);
  }
  return families;
}
