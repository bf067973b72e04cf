// Runs in: renderer. "Family known" in the reader (issue 17): a word without a term whose lemma is a term the
// learner knows (status 5 or well known) gets a dotted underline, when the `readerFamilyKnown` setting is on
// (off by default). The payload lists those forms (ReaderView.families); the marks are one generated style rule
// over their data_hex, so the text view itself is untouched, and a word that gets a status of its own (its
// data-status leaves 0) loses the mark at once.
import type { ReaderView } from '../../../src-shared/contract/reader';
import { useApp } from '../../stores/app';
import './lemmas.css';

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

export function FamilyMarks({ view }: { view: Pick<ReaderView, 'forms' | 'families'> }) {
  const on = useApp((s) => s.settings.readerFamilyKnown === '1');
  const css = on ? familyMarksCss(view) : '';
  return css ? <style data-testid="family-marks">{css}</style> : null;
}
