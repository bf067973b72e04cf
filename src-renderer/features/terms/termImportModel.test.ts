// The term import's transitions, without a DOM: what a preview's answer does to the columns and the header, the role
// picker's one-role-per-column rule, and the requests the hook sends (none while nothing can be sent).
import { describe, expect, it } from 'vitest';
import type { TermImportPreview, TermImportResult, TermPage } from '../../../src-shared/contract/terms';
import {
  assignRole,
  importRequest,
  initialTermImport,
  previewRequest,
  reduceTermImport,
  sourceOf,
  type TermImportAction,
  type TermImportState,
} from './termImportModel';

const run = (state: TermImportState, ...actions: TermImportAction[]) => actions.reduce(reduceTermImport, state);

const preview = (over: Partial<TermImportPreview> = {}): TermImportPreview => ({
  delimiter: 'comma',
  has_header: true,
  columns: 3,
  roles: ['term', 'translation', 'skip'],
  sample: [['term', 'translation', 'x']],
  rows: 12,
  ...over,
});

describe('the term import model', () => {
  it('starts in paste mode for the current language, with nothing to preview or import', () => {
    const s = initialTermImport(3);
    expect(s).toMatchObject({ languageId: 3, mode: 'paste', text: '', file: null, delimiter: 'auto', hasHeader: undefined, duplicates: 'skip' });
    expect(sourceOf(s)).toBeNull();
    expect(previewRequest(s)).toBeNull();
    expect(importRequest(s)).toBeNull();
  });

  it('takes pasted text (not blank) as the source, and a file only in file mode', () => {
    const file = new File(['a,b\n'], 'words.csv', { type: 'text/csv' });
    let s = run(initialTermImport(3), { type: 'text', text: '   \n' });
    expect(sourceOf(s)).toBeNull();
    s = run(s, { type: 'text', text: 'casa,house' }, { type: 'file', file });
    expect(sourceOf(s)).toEqual({ text: 'casa,house' });
    s = run(s, { type: 'mode', mode: 'file' });
    expect(sourceOf(s)).toEqual({ file });
    s = run(s, { type: 'file', file: null });
    expect(sourceOf(s)).toBeNull();
  });

  it('previews nothing without a language', () => {
    const s = run(initialTermImport(null), { type: 'text', text: 'casa,house' });
    expect(previewRequest(s)).toBeNull();
    expect(previewRequest(run(s, { type: 'language', languageId: 2 }))).toEqual({
      language_id: 2,
      text: 'casa,house',
      delimiter: 'auto',
      has_header: undefined,
    });
  });

  it("takes a preview's roles and its header guess, but keeps the header the learner set", () => {
    const guessed = run(initialTermImport(1), { type: 'text', text: 'a,b,c' }, { type: 'previewed', preview: preview() });
    expect(guessed.roles).toEqual(['term', 'translation', 'skip']);
    expect(guessed.hasHeader).toBe(true);
    expect(guessed.preview?.rows).toBe(12);
    const said = run(initialTermImport(1), { type: 'hasHeader', hasHeader: false }, { type: 'previewed', preview: preview() });
    expect(said.hasHeader).toBe(false);
    // A later preview replaces the columns (the learner's role changes go with the old columns).
    const again = run(guessed, { type: 'role', index: 2, role: 'notes' }, { type: 'previewed', preview: preview({ roles: ['term', 'skip'] }) });
    expect(again.roles).toEqual(['term', 'skip']);
    expect(run(again, { type: 'noPreview' }).preview).toBeNull();
  });

  it('gives each role to one column: the column that held it goes back to skip ("skip" itself repeats)', () => {
    expect(assignRole(['term', 'translation', 'skip'], 2, 'term')).toEqual(['skip', 'translation', 'term']);
    expect(assignRole(['term', 'translation', 'skip'], 0, 'skip')).toEqual(['skip', 'translation', 'skip']);
    expect(assignRole(['term', 'skip', 'skip'], 1, 'notes')).toEqual(['term', 'notes', 'skip']);
    const s = run(initialTermImport(1), { type: 'previewed', preview: preview() }, { type: 'role', index: 2, role: 'translation' });
    expect(s.roles).toEqual(['term', 'skip', 'translation']);
  });

  it('imports with the columns, the header (no once unknown) and what to do with duplicates', () => {
    const file = new Blob(['a\tb\n']);
    const s = run(
      initialTermImport(4),
      { type: 'mode', mode: 'file' },
      { type: 'file', file: new File([file], 'w.tsv') },
      { type: 'delimiter', delimiter: 'tab' },
      { type: 'duplicates', duplicates: 'overwrite' },
    );
    const req = importRequest(s);
    expect(req).toMatchObject({ language_id: 4, delimiter: 'tab', has_header: false, columns: [], duplicates: 'overwrite' });
    expect(req && 'file' in req && req.file instanceof Blob).toBe(true);
    expect(importRequest(run(s, { type: 'previewed', preview: preview() }))).toMatchObject({ has_header: true, columns: ['term', 'translation', 'skip'] });
  });

  it('clears the last result when an import starts, then keeps the result and the terms it made', () => {
    const result: TermImportResult = { success: true, created: 2, updated: 0, skipped: 1, total: 3, batch: 7 };
    const page: TermPage = { terms: [], total: 2, page: 1, per_page: 20, pages: 1 };
    let s = run(initialTermImport(1), { type: 'importDone', result });
    expect(s.result).toEqual(result);
    s = run(s, { type: 'importStarted' });
    expect(s.result).toBeNull();
    s = run(s, { type: 'importDone', result }, { type: 'importedListed', imported: page });
    expect(s.imported).toBe(page);
    expect(s.result?.created).toBe(2);
  });
});
