// Runs in: renderer (pure). The style rule of the reader's "family known" marks (FamilyMarks.tsx).
import type { ReaderFamilies, ReaderView } from '../../../src-shared/contract/reader';
import type { TermDto } from '../../../src-shared/contract/terms';

const KNOWN = new Set([5, 99]);

/** The style rule marking the forms of known families, or '' when there are none. */
export function familyMarksCss(view: Pick<ReaderView, 'forms' | 'families'>): string {
  const families = view.families;
  if (!families) return '';
  const hexes: string[] = [];
  families.form.forEach((f, k) => {
    const hex = view.forms.hex[f];
    if (KNOWN.has(families.status[k]) && /^[0-9a-f]+$/.test(hex ?? '')) hexes.push(`[data_hex="${hex}"]`);
  });
  if (hexes.length === 0) return '';
  return `.reader-text .w[data-status="0"]:is(${hexes.join(',')}) { text-decoration: underline dotted var(--family-known); text-decoration-thickness: 2px; text-underline-offset: 0.24em; }`;
}

/**
 * The families after a term was saved in the reader: the forms whose lemma it is take its status. The same
 * object when no form has it as lemma (nothing to render again).
 */
export function followLemmaTerm(families: ReaderFamilies | undefined, term: Pick<TermDto, 'WoTextLC' | 'WoStatus'>): ReaderFamilies | undefined {
  if (!families || !families.lemma.some((l, k) => l === term.WoTextLC && families.status[k] !== term.WoStatus)) return families;
  return { ...families, status: families.status.map((st, k) => (families.lemma[k] === term.WoTextLC ? term.WoStatus : st)) };
}
