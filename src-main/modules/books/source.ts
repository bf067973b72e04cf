// Runs in: main. What a book import would store, read from its source: an EPUB, PDF, FB2 or Kindle file parsed in a
// worker thread (formats.ts), a .txt file or pasted text cut into chapters here. The preview and the import both
// start here; a preview's result is kept for its import (prepared.ts).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { UploadedTempFile } from '../../../src-shared/contract/endpoint';
import { AppError, badRequest } from '../../../src-shared/contract/errors';
import { msg } from '../../../src-shared/contract/messages';
import { clip } from '../../../src-shared/epub/chapters';
import { sortBookMatter } from '../../../src-shared/epub/matter';
import type { ParsedBook } from '../../../src-shared/epub/parse';
import { splitLongText } from '../../../src-shared/epub/text';
import { KINDLE_MAX_TEXT_BYTES } from '../../../src-shared/epub/zip';
import { decodeImportText, ImportFormatError } from '../../../src-shared/import/decode';
import { joinWrappedLines, looksHardWrapped } from '../../../src-shared/text/reflow';
import {
  hashOf,
  headOf,
  isFb2,
  isKfx,
  isKindle,
  isPdf,
  isZip,
  kindleEncrypted,
  kindleTextTooLarge,
  parseEpubOffThread,
  parseFb2OffThread,
  parseKindleOffThread,
  parsePdfOffThread,
  sha256,
  type Upload,
} from './formats';

/** What an import would store: from an EPUB (worker thread), a .txt file or pasted text. */
export interface Source {
  book: ParsedBook | (Omit<ParsedBook, 'toc'> & { toc: 'text' });
  hash: string;
}

function textSource(text: string, title: string, author = ''): Source {
  // A hard-wrapped plain-text book (Gutenberg's .txt) becomes paragraphs, as a text does (src-shared/text/reflow).
  const reflowed = looksHardWrapped(text) ? joinWrappedLines(text) : text;
  // Gutenberg's header and licence go before the text is cut into chapters (src-shared/epub/matter.ts).
  const [whole] = sortBookMatter([{ title: '', text: reflowed }]);
  const parts = splitLongText(whole.matter ? reflowed : whole.text);
  if (parts.length === 0) throw badRequest(msg('book.noWords'));
  const sorted = sortBookMatter(parts);
  const chapters = parts.map((c, i) => ({ ...c, matter: sorted[i].matter }));
  return {
    book: {
      title: clip(title),
      author: clip(author),
      description: '',
      language: '',
      cover: null,
      chapters: chapters.map((c) => ({ ...c, images: [] })),
      images: [],
      imageNotes: [],
      toc: 'text',
    },
    hash: sha256(text),
  };
}

export async function readSource(
  scratchRoot: string,
  input: { file?: Upload; text?: string; title?: string; author?: string },
  withoutText: boolean,
  knownHash?: string,
  imagesDir?: string,
): Promise<Source> {
  if (input.file && input.text !== undefined) throw badRequest(msg('book.fileOrText'));
  if (input.file) {
    const file = input.file;
    const head = await headOf(file);
    if (/\.txt$/i.test(file.filename) && !isZip(head)) {
      let text: string;
      try {
        text = decodeImportText(file instanceof UploadedTempFile ? await fs.promises.readFile(file.path) : file.data);
      } catch (err) {
        if (err instanceof ImportFormatError) throw badRequest(err.text);
        throw err;
      }
      return textSource(text, input.title || file.filename.replace(/\.[^.]+$/, '') || 'Untitled', input.author);
    }
    if (isPdf(head)) return { book: await parsePdfOffThread(file), hash: knownHash ?? (await hashOf(file)) };
    if (isFb2(head, file.filename)) return { book: await parseFb2OffThread(file, imagesDir), hash: knownHash ?? (await hashOf(file)) };
    // Kindle books: DRM, KFX and a declared text past the cap are refused before a worker is paid for.
    if (isKindle(head, file.filename)) {
      if (isKfx(head, file.filename)) throw new AppError(422, msg('mobi.kfx'));
      if (kindleEncrypted(head)) throw new AppError(422, msg('mobi.drm'));
      if (kindleTextTooLarge(head)) throw new AppError(422, msg('mobi.tooLarge', { mb: KINDLE_MAX_TEXT_BYTES / 1024 / 1024 }));
      const scratch = path.join(scratchRoot, `kindle-${randomBytes(8).toString('hex')}`);
      return { book: await parseKindleOffThread(file, scratch, imagesDir), hash: knownHash ?? (await hashOf(file)) };
    }
    if (/\.pdf$/i.test(file.filename)) throw new AppError(422, msg('pdf.damaged', { why: 'no %PDF- header' }));
    if (!/\.epub$/i.test(file.filename) && !isZip(head)) throw badRequest(msg('book.onlyEpubOrTxt'));
    const hash = knownHash ?? (await hashOf(file));
    return { book: await parseEpubOffThread(file, withoutText, imagesDir), hash };
  }
  if (input.text !== undefined) {
    if (!input.title) throw badRequest(msg('book.titleRequired'));
    return textSource(input.text, input.title, input.author);
  }
  throw badRequest(msg('book.fileOrTextRequired'));
}
