// The word panel's transitions, without a DOM: opening on a new word and on a stored term, a multi-word selection,
// saving, a status change (a key pressed while the term loads waits for it), leaving with and without unsaved
// edits, a failed save, deleting, and the automatic lemma that is not an edit of the learner's.
import { describe, expect, it } from 'vitest';
import type { TermDto } from '../../../src-shared/contract/terms';
import type { PanelTarget } from './panelControl';
import {
  hasUnsavedEdits,
  initialWordPanel,
  leaveChoice,
  reduceWordPanel,
  saveEndpoint,
  termFields,
  type WordPanelAction,
  type WordPanelState,
} from './wordPanelModel';

const run = (state: WordPanelState, ...actions: WordPanelAction[]) => actions.reduce(reduceWordPanel, state);

const target = (over: Partial<PanelTarget> = {}): PanelTarget => ({
  text: 'casa',
  multiword: false,
  termId: null,
  sentence: 'Mi casa es tu casa.',
  markedSentence: 'Mi {casa} es tu casa.',
  ...over,
});

const term = (over: Partial<TermDto> = {}): TermDto => ({
  WoID: 7,
  WoLgID: 1,
  WoText: 'casa',
  WoTextLC: 'casa',
  WoLemma: null,
  WoLemmaLC: null,
  WoStatus: 2,
  WoTranslation: 'house',
  WoRomanization: '',
  WoNotes: 'feminine',
  WoSentence: '',
  WoWordCount: 1,
  WoCreated: 0,
  WoModified: 0,
  WoStatusChanged: 0,
  TermTags: ['home', 'noun'],
  ...over,
});

describe('the word panel model', () => {
  it('opens on a new word at once, its form from the text (reading, marked sentence), with nothing unsaved', () => {
    const s = initialWordPanel(target({ reading: 'かさ' }));
    expect(s.loading).toBe(false);
    expect(s.term).toBeNull();
    expect(s.status).toBe(1);
    expect(s.form).toMatchObject({ WoTranslation: '', WoRomanization: 'かさ', WoSentence: 'Mi {casa} es tu casa.' });
    expect(hasUnsavedEdits(s)).toBe(false);
    expect(leaveChoice(s, false)).toBe('go');
  });

  it('opens on a stored term: loading, then the form and status from the term (the text fills what it lacks)', () => {
    const tg = target({ termId: 7, reading: 'ka-sa' });
    let s = initialWordPanel(tg);
    expect(s.loading).toBe(true);
    s = run(s, { type: 'loaded', term: term(), target: tg });
    expect(s.loading).toBe(false);
    expect(s.status).toBe(2);
    expect(s.form).toMatchObject({
      WoTranslation: 'house',
      WoRomanization: 'ka-sa',
      WoNotes: 'feminine',
      tags: 'home, noun',
      WoSentence: 'Mi {casa} es tu casa.',
    });
    expect(hasUnsavedEdits(s)).toBe(false);
    expect(run(initialWordPanel(target()), { type: 'nothingToLoad' }).loading).toBe(false);
  });

  it('counts a typed field as an unsaved edit; leaving then saves (setting "save") or asks', () => {
    const s = run(initialWordPanel(target()), { type: 'field', field: 'WoTranslation', value: 'home' });
    expect(hasUnsavedEdits(s)).toBe(true);
    expect(leaveChoice(s, true)).toBe('save');
    expect(leaveChoice(s, false)).toBe('ask');
    // Discard: the panel may go, nothing is left unsaved.
    expect(leaveChoice(run(s, { type: 'letGo' }), false)).toBe('go');
    // Typing it back as it was is no edit.
    expect(hasUnsavedEdits(run(s, { type: 'field', field: 'WoTranslation', value: '' }))).toBe(false);
    // No edits: leaving never asks, whatever the setting (moved from tests/e2e/reading-panel.spec.ts).
    expect(leaveChoice(initialWordPanel(target()), false)).toBe('go');
    expect(leaveChoice(initialWordPanel(target()), true)).toBe('go');
  });

  it('saves: the sent form becomes the baseline, the saved term and its status are kept', () => {
    let s = run(initialWordPanel(target()), { type: 'field', field: 'WoTranslation', value: 'house' }, { type: 'status', status: 3 }, { type: 'saveStarted' });
    expect(s.saving).toBe(true);
    const sent = s.form;
    expect(termFields(1, 'casa', s.status, sent)).toEqual({
      WoLgID: 1,
      WoText: 'casa',
      WoStatus: 3,
      WoTranslation: 'house',
      WoRomanization: '',
      WoNotes: '',
      WoSentence: 'Mi {casa} es tu casa.',
      TermTags: { TagList: '' },
    });
    // Typed while the save was on its way: still unsaved afterwards.
    s = run(s, { type: 'field', field: 'WoNotes', value: 'f.' }, { type: 'saved', term: term({ WoStatus: 3 }), form: sent }, { type: 'saveEnded' });
    expect(s.saving).toBe(false);
    expect(s.term?.WoID).toBe(7);
    expect(s.status).toBe(3);
    expect(hasUnsavedEdits(s)).toBe(true);
    expect(hasUnsavedEdits(run(s, { type: 'field', field: 'WoNotes', value: '' }))).toBe(false);
  });

  it('keeps the edits and the term when a save fails', () => {
    const before = run(initialWordPanel(target()), { type: 'field', field: 'WoTranslation', value: 'home' }, { type: 'saveStarted' });
    const s = run(before, { type: 'saveEnded' });
    expect(s.saving).toBe(false);
    expect(s.term).toBeNull();
    expect(s.form.WoTranslation).toBe('home');
    expect(hasUnsavedEdits(s)).toBe(true);
  });

  it('holds a status key pressed while the term loads, and takes it once loaded (not before: it would wipe the fields)', () => {
    const tg = target({ termId: 7 });
    let s = run(initialWordPanel(tg), { type: 'statusKey', status: 4 });
    expect(s.statusWhenLoaded).toBe(4);
    s = run(s, { type: 'loaded', term: term(), target: tg });
    expect(s.status).toBe(2); // the stored status shows until the held key is taken
    s = run(s, { type: 'pendingStatusTaken' });
    expect(s.status).toBe(4);
    expect(s.statusWhenLoaded).toBeNull();
    expect(s.form.WoTranslation).toBe('house');
    // Once loaded, a status key is no longer held: the hook saves it at once.
    expect(run(s, { type: 'statusKey', status: 5 })).toMatchObject({ status: 5, statusWhenLoaded: null });
  });

  it('saves a multi-word selection as a new multi-word term, then updates it; a single word is a quick term', () => {
    const multi = target({ text: 'tu casa', multiword: true });
    expect(saveEndpoint(multi, null)).toEqual({ name: 'reader.multiCreate' });
    expect(saveEndpoint(multi, term({ WoID: 9, WoWordCount: 2 }))).toEqual({ name: 'reader.multiUpdate', id: 9 });
    expect(saveEndpoint(target(), term())).toEqual({ name: 'reader.quickTerm' });
  });

  it('fills an automatic lemma into an empty field without making it an edit; the learner emptying a lemma sends noLemma', () => {
    let s = run(initialWordPanel(target()), { type: 'automaticLemma', lemma: 'casar' });
    expect(s.form).toMatchObject({ WoLemma: 'casar', lemmaAuto: true });
    expect(hasUnsavedEdits(s)).toBe(false);
    // An automatic lemma is the server's to store: a save leaves it out.
    expect(termFields(1, 'casa', 1, s.form)).not.toHaveProperty('WoLemma');
    // Not over a lemma already there.
    expect(run(s, { type: 'automaticLemma', lemma: 'otro' }).form.WoLemma).toBe('casar');
    // The learner clears it: no lemma.
    s = run(s, { type: 'form', form: { ...s.form, WoLemma: '', lemmaAuto: false } });
    expect(termFields(1, 'casa', 1, s.form)).toMatchObject({ noLemma: true });
    // Over other edits, the baseline stays: those edits are still unsaved.
    const edited = run(initialWordPanel(target()), { type: 'field', field: 'WoNotes', value: 'x' }, { type: 'automaticLemma', lemma: 'casar' });
    expect(hasUnsavedEdits(edited)).toBe(true);
    expect(hasUnsavedEdits(run(edited, { type: 'field', field: 'WoNotes', value: '' }))).toBe(false);
  });

  it('lets go after the term is deleted: no unsaved edits left to ask about', () => {
    const tg = target({ termId: 7 });
    const s = run(initialWordPanel(tg), { type: 'loaded', term: term(), target: tg }, { type: 'field', field: 'WoNotes', value: 'x' }, { type: 'letGo' });
    expect(leaveChoice(s, false)).toBe('go');
  });
});
