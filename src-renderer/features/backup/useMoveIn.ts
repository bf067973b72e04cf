// Runs in: renderer. The state of /import (moving in from LWT or Lute): the file is read as a preview first, then
// imported with the learner's choices (languages that exist: merge or rename; differing terms: how to merge).
import { useState } from 'react';
import type { MigrationPreview, MigrationResult, TermMerge } from '../../../src-shared/contract/migrate';
import { api, errorMessage } from '../../api/client';
import { useApp } from '../../stores/app';
import { toast } from '../../stores/ui';
import { t } from '../../lib/i18n';

export type Source = 'lwt' | 'lute';
/** The move-in page's state machine: source, file, preview (read first), the learner's choices, the import. */
export function useMoveIn() {
  const [source, setSource] = useState<Source>('lwt');
  const [file, setFile] = useState<File | null>(null);
  const [conflicts, setConflicts] = useState<'merge' | 'rename'>('merge');
  const [merge, setMerge] = useState<TermMerge>('fill');
  const [preview, setPreview] = useState<MigrationPreview | null>(null);
  const [result, setResult] = useState<MigrationResult | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  /** Feeds whose language the file lacks (preview's orphan_feeds): feed index → the learner's language id; absent = skip. */
  const [feedLanguages, setFeedLanguages] = useState<Record<number, number>>({});
  const setFeedLanguage = (index: number, languageId: number | null) =>
    setFeedLanguages((m) => {
      const next = { ...m };
      if (languageId) next[index] = languageId;
      else delete next[index];
      return next;
    });
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const send = async (f: File, asPreview: boolean, mode = conflicts) => {
    setBusy(asPreview ? t('misc.readingTheFile') : t('misc.importing'));
    setProgress(0);
    setError(null);
    try {
      const answer = await api.call(
        source === 'lwt' ? 'import.lwt' : 'import.lute',
        { file: f, preview: asPreview, conflicts: mode, merge, feed_languages: JSON.stringify(feedLanguages) } as never,
        {
          onUploadProgress: (x) => setProgress(x >= 1 ? null : x),
        },
      );
      if (answer.preview) setPreview(answer);
      else {
        setResult(answer);
        setPreview(null);
        await useApp.getState().reloadLibrary();
        toast('success', t('misc.importedTermsTexts', { terms: answer.created.terms, texts: answer.created.texts }));
      }
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(null);
    }
  };
  const choose = (f: File | null) => {
    setFile(f);
    setFeedLanguages({});
    setPreview(null);
    setResult(null);
    if (f) void send(f, true);
  };
  return {
    source,
    setSource,
    file,
    conflicts,
    setConflicts,
    merge,
    setMerge,
    feedLanguages,
    setFeedLanguage,
    preview,
    result,
    busy,
    progress,
    error,
    send,
    choose,
  };
}
