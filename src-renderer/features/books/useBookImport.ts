// Runs in: renderer. The book import's state: the chosen file or pasted text, the server's preview (nothing
// stored yet), the language, which chapters are skipped (front and back matter by default), and the import with
// its stages.
// Long because: the preview, the chapter choice and the staged import share the chosen file (not yet a model: issue 45).
import { useEffect, useState } from 'react';
import type { BookPreview } from '../../../src-shared/contract/books';
import { api, ApiError, errorMessage } from '../../api/client';
import { navigate, useQuery } from '../../lib/router';
import { useApp } from '../../stores/app';
import { toast } from '../../stores/ui';
import { isBookFile, takePendingBookFile } from './pendingBook';
import { t } from '../../lib/i18n';

export type Stage = { kind: 'idle' } | { kind: 'upload'; what: string; fraction: number } | { kind: 'work'; what: string };

export function useBookImport() {
  const query = useQuery();
  const currentLanguageId = useApp((s) => s.currentLanguageId);
  const [file, setFile] = useState<File | null>(null);
  const [textMode, setTextMode] = useState(query.get('text') === '1');
  const [text, setText] = useState({ title: '', author: '', body: '' });
  const [preview, setPreview] = useState<BookPreview | null>(null);
  const [languageId, setLanguageId] = useState<number | ''>('');
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [error, setError] = useState<string | null>(null);
  // Chapters left out (preview indexes); null follows the preview: its front and back matter.
  const [skipChoice, setSkipChoice] = useState<Set<number> | null>(null);

  useEffect(() => {
    const pending = takePendingBookFile();
    if (pending) void choose(pending);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function choose(f: File) {
    setFile(f);
    setTextMode(false);
    setPreview(null);
    setError(null);
    if (!isBookFile(f.name) && !/\.txt$/i.test(f.name)) {
      setError(t('bookImport.onlyEpub'));
      return;
    }
    setStage({ kind: 'upload', what: t('bookImport.sending'), fraction: 0 });
    try {
      const p = await api.call(
        'books.preview',
        // Words are counted by the parser of the book's language (dc:language), else of the current one.
        { file: f, language_id: currentLanguageId ?? undefined },
        {
          onUploadProgress: (fraction) =>
            setStage(fraction < 1 ? { kind: 'upload', what: t('bookImport.sending'), fraction } : { kind: 'work', what: t('bookImport.reading') }),
        },
      );
      setPreview(p);
      setSkipChoice(null);
      setLanguageId(p.language_id ?? (p.language ? '' : (currentLanguageId ?? '')));
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setStage({ kind: 'idle' });
    }
  }

  async function previewText() {
    setError(null);
    setStage({ kind: 'work', what: t('bookImport.finding') });
    try {
      const p = await api.call('books.preview', {
        text: text.body,
        title: text.title || t('bookImport.untitled'),
        language_id: currentLanguageId ?? undefined,
      });
      setPreview({ ...p, title: text.title, author: text.author });
      setSkipChoice(null);
      setLanguageId(currentLanguageId ?? '');
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setStage({ kind: 'idle' });
    }
  }

  async function importBook() {
    if (!preview) return;
    const skip_chapters = [...skipped].join(',') || 'none';
    if (!languageId) {
      setError(t('bookImport.chooseLanguage'));
      return;
    }
    setError(null);
    try {
      const book = file && !textMode ? await importFile(file, preview, skip_chapters) : (setStage(storing()), await importText(skip_chapters));
      toast('success', t('bookImport.imported', { title: book.BkTitle, count: book.BkChapterCount }));
      navigate(`/book/${book.BkID}`);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setStage({ kind: 'idle' });
    }
  }

  /** The preview's parse kept on the server is imported by its id (the file is not sent again); when the server no
   * longer keeps it (410: half an hour, or two newer previews), the file goes up again. */
  async function importFile(f: File, p: BookPreview, skip_chapters: string) {
    if (p.preview_id) {
      setStage(storing());
      try {
        return await api.call('books.create', { language_id: Number(languageId), preview_id: p.preview_id, skip_chapters });
      } catch (err) {
        if (!(err instanceof ApiError && err.status === 410)) throw err;
      }
    }
    return api.call(
      'books.create',
      { language_id: Number(languageId), file: f, skip_chapters },
      { onUploadProgress: (fraction) => setStage(fraction < 1 ? { kind: 'upload', what: t('bookImport.sending'), fraction } : storing()) },
    );
  }

  const storing = (): Stage => ({ kind: 'work', what: t('bookImport.storing', { count: kept }) });

  function importText(skip_chapters: string) {
    return api.call('books.create', { language_id: Number(languageId), title: text.title, author: text.author || undefined, text: text.body, skip_chapters });
  }

  const busy = stage.kind !== 'idle';
  const skipped = skipChoice ?? new Set((preview?.chapters ?? []).flatMap((c, i) => (c.matter ? [i] : [])));
  const kept = (preview?.chapters.length ?? 0) - skipped.size;
  const keptWords = (preview?.chapters ?? []).reduce((n, c, i) => n + (skipped.has(i) ? 0 : c.words), 0);
  const toggle = (i: number) => {
    const next = new Set(skipped);
    if (!next.delete(i)) next.add(i);
    setSkipChoice(next);
  };
  const dc = preview?.language;
  return {
    busy,
    skipped,
    kept,
    keptWords,
    toggle,
    dc,
    file,
    setFile,
    textMode,
    setTextMode,
    text,
    setText,
    preview,
    setPreview,
    languageId,
    setLanguageId,
    stage,
    error,
    setError,
    choose,
    previewText,
    importBook,
  };
}
