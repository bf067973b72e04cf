// Runs in: renderer (pure: no DOM, no fetch; unit-tested in termImportModel.test.ts). The term import's state and
// its transitions: the source (pasted text or a file), the parsing options, the column roles the preview proposes,
// and the import's result with the terms it made. useTermImport runs the effects (preview, upload) and dispatches.
import type { Contract } from '../../../src-shared/contract';
import type { ClientInputOf } from '../../../src-shared/client';
import type { DELIMITER_NAMES, TermImportPreview, TermImportResult, TermPage } from '../../../src-shared/contract/terms';
import type { ColumnRole } from '../../../src-shared/import/term-rows';

export type DelimiterName = (typeof DELIMITER_NAMES)[number];
export type Duplicates = 'skip' | 'overwrite';

export interface TermImportState {
  languageId: number | null;
  mode: 'paste' | 'file';
  text: string;
  /** The chosen file (FileDrop shows its name): sent as it is, multipart over HTTP or bytes over IPC. */
  file: File | null;
  delimiter: DelimiterName;
  /** undefined until the learner says or the first preview guesses. */
  hasHeader: boolean | undefined;
  /** What each column holds, as the preview proposed and the learner changed it. */
  roles: ColumnRole[];
  duplicates: Duplicates;
  preview: TermImportPreview | null;
  result: TermImportResult | null;
  /** The terms the last import made (its first page). */
  imported: TermPage | null;
}

export type TermImportAction =
  | { type: 'language'; languageId: number | null }
  | { type: 'mode'; mode: 'paste' | 'file' }
  | { type: 'text'; text: string }
  | { type: 'file'; file: File | null }
  | { type: 'delimiter'; delimiter: DelimiterName }
  | { type: 'hasHeader'; hasHeader: boolean | undefined }
  | { type: 'duplicates'; duplicates: Duplicates }
  | { type: 'role'; index: number; role: ColumnRole }
  /** A preview answered: its roles replace the columns'; its header guess is taken unless the learner said. */
  | { type: 'previewed'; preview: TermImportPreview }
  /** No preview: no source, no language, or the preview failed (the hook shows why). */
  | { type: 'noPreview' }
  | { type: 'importStarted' }
  | { type: 'importDone'; result: TermImportResult }
  | { type: 'importedListed'; imported: TermPage };

export const initialTermImport = (languageId: number | null): TermImportState => ({
  languageId,
  mode: 'paste',
  text: '',
  file: null,
  delimiter: 'auto',
  hasHeader: undefined,
  roles: [],
  duplicates: 'skip',
  preview: null,
  result: null,
  imported: null,
});

/** One column takes a role: another column that held it (other than "skip") lets go of it. */
export const assignRole = (roles: readonly ColumnRole[], index: number, role: ColumnRole): ColumnRole[] =>
  roles.map((x, j) => (j === index ? role : x === role && role !== 'skip' ? 'skip' : x));

export function reduceTermImport(state: TermImportState, action: TermImportAction): TermImportState {
  switch (action.type) {
    case 'language':
      return { ...state, languageId: action.languageId };
    case 'mode':
      return { ...state, mode: action.mode };
    case 'text':
      return { ...state, text: action.text };
    case 'file':
      return { ...state, file: action.file };
    case 'delimiter':
      return { ...state, delimiter: action.delimiter };
    case 'hasHeader':
      return { ...state, hasHeader: action.hasHeader };
    case 'duplicates':
      return { ...state, duplicates: action.duplicates };
    case 'role':
      return { ...state, roles: assignRole(state.roles, action.index, action.role) };
    case 'previewed':
      return {
        ...state,
        preview: action.preview,
        roles: action.preview.roles,
        hasHeader: state.hasHeader === undefined ? action.preview.has_header : state.hasHeader,
      };
    case 'noPreview':
      return { ...state, preview: null };
    case 'importStarted':
      return { ...state, result: null };
    case 'importDone':
      return { ...state, result: action.result };
    case 'importedListed':
      return { ...state, imported: action.imported };
  }
}

/** An upload is a `File | Blob` (the client's upload type): no cast on the way to api.call. */
type Source = { file: File | Blob } | { text: string };

/** What goes up: the file in file mode, the pasted text (unless blank) in paste mode; null when there is nothing. */
export function sourceOf(state: TermImportState): Source | null {
  if (state.mode === 'file') return state.file ? { file: state.file } : null;
  return state.text.trim() ? { text: state.text } : null;
}

/** The preview's request, or null when there is nothing to preview (no language or no source). */
export function previewRequest(state: TermImportState): ClientInputOf<Contract['terms.importPreview']> | null {
  const src = sourceOf(state);
  if (!state.languageId || !src) return null;
  return { language_id: state.languageId, ...src, delimiter: state.delimiter, has_header: state.hasHeader };
}

/** The import's request (without the Kindle books chosen, which the hook adds), or null when it cannot run. */
export function importRequest(state: TermImportState): ClientInputOf<Contract['terms.import']> | null {
  const src = sourceOf(state);
  if (!state.languageId || !src) return null;
  return {
    language_id: state.languageId,
    ...src,
    delimiter: state.delimiter,
    has_header: state.hasHeader ?? false,
    columns: state.roles,
    duplicates: state.duplicates,
  };
}
