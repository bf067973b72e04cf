// Runs in: renderer. "Family known" in the reader (issue 17): a word without a term whose lemma is a term the
// learner knows (status 5 or well known) gets a dotted underline, when the `readerFamilyKnown` setting is on
// (off by default). The payload lists those forms (ReaderView.families); the marks are one generated style rule
// over their data_hex, so the text view itself is untouched, and a word that gets a status of its own (its
// data-status leaves 0) loses the mark at once.
import { useEffect, useMemo, useState, type MutableRefObject } from 'react';
import type { ReaderView } from '../../../src-shared/contract/reader';
import type { TermDto } from '../../../src-shared/contract/terms';
import { useApp } from '../../stores/app';
import { familyMarksCss, followLemmaTerm } from './familyMarksCss';
import './lemmas.css';

export type FollowLemmaTerm = (term: Pick<TermDto, 'WoTextLC' | 'WoStatus'>) => void;

/**
 * The marks, with the families of the payload kept here: a term saved in the reader (`follow`, set for the page)
 * updates them and renders this style rule again, not the page.
 */
export function FamilyMarks({ view, follow }: { view: Pick<ReaderView, 'forms' | 'families'>; follow: MutableRefObject<FollowLemmaTerm | null> }) {
  const on = useApp((s) => s.settings.readerFamilyKnown === '1');
  const [families, setFamilies] = useState(view.families);
  useEffect(() => setFamilies(view.families), [view.families]);
  useEffect(() => {
    follow.current = (term) => setFamilies((f) => followLemmaTerm(f, term));
    return () => {
      follow.current = null;
    };
  }, [follow]);
  // The page renders again on every status change (its counts): the rule is rebuilt only when its inputs change.
  const css = useMemo(() => (on ? familyMarksCss({ forms: view.forms, families }) : ''), [on, view.forms, families]);
  return css ? <style data-testid="family-marks">{css}</style> : null;
}
