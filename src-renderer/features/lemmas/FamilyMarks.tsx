// Runs in: renderer. "Family known" in the reader (issue 17): a word without a term whose lemma is a term the
// learner knows (status 5 or well known) gets a dotted underline, when the `readerFamilyKnown` setting is on
// (off by default). The payload lists those forms (ReaderView.families); the marks are one generated style rule
// over their data_hex, so the text view itself is untouched, and a word that gets a status of its own (its
// data-status leaves 0) loses the mark at once.
import type { ReaderView } from '../../../src-shared/contract/reader';
import { useApp } from '../../stores/app';
import { familyMarksCss } from './familyMarksCss';
import './lemmas.css';

export function FamilyMarks({ view }: { view: Pick<ReaderView, 'forms' | 'families'> }) {
  const on = useApp((s) => s.settings.readerFamilyKnown === '1');
  const css = on ? familyMarksCss(view) : '';
  return css ? <style data-testid="family-marks">{css}</style> : null;
}
