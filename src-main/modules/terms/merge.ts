// Runs in: main. An incoming term (moving in, an import) that meets one the learner has: how they differ, and
// what "fill only empty fields" takes from it. The import's third way besides keeping mine and taking theirs.
import type { TermFields } from '../../../src-shared/contract/terms';
import type { HandlerContext } from '../../core/context';
import * as repo from './repo';

/** The fields a merge compares and fills; status is compared but never "empty". */
const TEXT_FIELDS = ['WoTranslation', 'WoRomanization', 'WoNotes', 'WoSentence'] as const;

export type MergeableTerm = Pick<TermFields, 'WoText' | 'WoStatus' | (typeof TEXT_FIELDS)[number] | 'WoLemma'>;

/** True when the incoming term would change mine: another status, or a field it has that mine lacks or has otherwise. */
export function termDiffers(mine: repo.TermRow, theirs: MergeableTerm): boolean {
  if (theirs.WoStatus !== undefined && theirs.WoStatus !== mine.WoStatus) return true;
  if (theirs.WoLemma?.trim() && theirs.WoLemma.trim() !== (mine.WoLemma ?? '')) return true;
  return TEXT_FIELDS.some((k) => !!theirs[k]?.trim() && theirs[k] !== mine[k]);
}

/** "Fill only empty fields": the columns of mine that are empty and the incoming term has (lemma included). */
export function emptyFieldsFilled(mine: repo.TermRow, theirs: MergeableTerm): Record<string, string> {
  const set: Record<string, string> = {};
  for (const k of TEXT_FIELDS) if (!mine[k] && theirs[k]?.trim()) set[k] = theirs[k];
  const lemma = theirs.WoLemma?.trim();
  if (!mine.WoLemma && lemma) Object.assign(set, { WoLemma: lemma, WoLemmaLC: lemma.toLowerCase(), WoLemmaSource: 'manual' });
  return set;
}

/** The caller's terms of a language with these lowercased texts, by text (for a merge preview). */
export function termsByText(ctx: HandlerContext, languageId: number, textsLC: readonly string[]): Map<string, repo.TermRow> {
  const out = new Map<string, repo.TermRow>();
  for (let at = 0; at < textsLC.length; at += 500)
    for (const row of repo.selectTermsByTextLC(ctx.sqlite, ctx.user, languageId, textsLC.slice(at, at + 500))) out.set(row.WoTextLC, row);
  return out;
}
