// Runs in: main. POST /api/v1/lemmas/import: a two-column lemma list (either column order, BOM, CRLF, TSV or
// CSV) becomes {data dir}/lemma-dictionaries/{iso}_lemmas.tsv in our form-first format. Without an explicit
// lemma_column the order is detected (detectLemmaColumn); /import/preview shows it for the user to confirm.
import { badRequest } from '../../../src-shared/contract/errors';
import type { UploadedFile } from '../../../src-shared/contract/endpoint';
import { decodeImportText, ImportFormatError } from '../../../src-shared/import/decode';
import { guessDelimiter, parseDelimited } from '../../../src-shared/import/delimited';
import { toLemmaTsv } from '../../../src-shared/import/lemma-tsv';
import type { LemmaImportPreview } from '../../../src-shared/contract/lemmas';
import { detectLemmaColumn } from '../../../src-shared/lemmas/columns';
import type { HandlerContext } from '../../core/context';
import { getLanguage } from '../languages';
import { dataRelative, loadLemmaDictionary, writeLemmaFile } from './dictionary';
import { dictionaryFill, lemmaListOwner, requireIso } from './service';
import { msg } from '../../../src-shared/contract/messages';

export const LEMMA_LIST_MAX_BYTES = 100 * 1024 * 1024;

export async function importLemmaList(
  ctx: HandlerContext,
  input: { language_id: number; file: UploadedFile; lemma_column?: number; mode?: 'replace' | 'merge' },
): Promise<{ success: true; file: string; pairs: number; updated_terms: number }> {
  const language = getLanguage(ctx, input.language_id);
  const iso = requireIso(language);
  const rows = readRows(input.file);
  const lemmaAt = (input.lemma_column ?? detectLemmaColumn(rows).lemma_column) - 1;
  const pairs: [string, string][] = rows.map((r) => [r[1 - lemmaAt], r[lemmaAt]]);
  if (input.mode === 'merge') {
    // The new pairs come first, so they win over older lines for the same form.
    const existing = loadLemmaDictionary(ctx.services, language.LgIsoCode, lemmaListOwner(ctx));
    if (existing) for (const [form, lemma] of existing) pairs.push([form, lemma]);
  }
  const { text: tsv, pairs: kept } = toLemmaTsv(pairs, `Imported from ${input.file.filename.replace(/[\r\n]/g, ' ')} for ${language.LgName}`);
  // A learner's list is theirs (multi-user): one learner never changes everyone's word families.
  const file = writeLemmaFile(ctx.services, iso, tsv, lemmaListOwner(ctx));
  // Relative to the data directory: API answers never name absolute server paths (issue 21).
  return { success: true, file: dataRelative(ctx.services.dataDir, file), pairs: kept, updated_terms: await dictionaryFill(ctx, language) };
}

function readRows(file: UploadedFile): [string, string][] {
  if (file.data.byteLength > LEMMA_LIST_MAX_BYTES) throw badRequest(msg('lemmas.listTooLarge', { mb: LEMMA_LIST_MAX_BYTES / 1024 / 1024 }));
  let text: string;
  try {
    text = decodeImportText(file.data);
  } catch (err) {
    if (err instanceof ImportFormatError) throw badRequest(err.text);
    throw err;
  }
  const delimiter = /\.csv$/i.test(file.filename) ? ',' : text.includes('\t') ? '\t' : guessDelimiter(text);
  const rows = parseDelimited(text, delimiter, { skipComments: true })
    .filter((r) => r.fields.length >= 2 && r.fields[0].trim() && r.fields[1].trim())
    .map((r): [string, string] => [r.fields[0].trim(), r.fields[1].trim()]);
  if (rows.length === 0) throw badRequest(msg('lemmas.noRows'));
  return rows;
}

/** POST /api/v1/lemmas/import/preview: the detected column order and the first rows, nothing stored. */
export function previewLemmaList(file: UploadedFile): LemmaImportPreview {
  const rows = readRows(file);
  const detected = detectLemmaColumn(rows);
  return { ...detected, rows: rows.length, sample: rows.slice(0, 8) };
}
