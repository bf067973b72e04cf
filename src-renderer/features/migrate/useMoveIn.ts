// Runs in: renderer. The state of /import (moving in from LWT or Lute): the file is read as a preview first, then
// imported with the learner's choices (languages that exist: merge or rename; differing terms: how to merge).
import { useState } from 'react';
import type { MigrationPreview, MigrationResult, TermMerge } from '../../../src-shared/contract/migrate';
import { api } from '../../api/client';
import { useUpload } from '../../lib/useUpload';
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
  const upload = useUpload<'read' | 'import'>();
  /** Feeds whose language the file lacks (preview's orphan_feeds): feed index → the learner's language id; absent = skip. */
  const [feedLanguages, setFeedLanguages] = useState<Record<number, number>>({});
  const setFeedLanguage = (index: number, languageId: number | null) =>
    setFeedLanguages((m) => {
      const next = { ...m };
      if (languageId) next[index] = languageId;
      else delete next[index];
      return next;
    });

  const sendFile = async (f: File, asPreview: boolean, mode: 'merge' | 'rename') => {
    const answer = await upload.run(asPreview ? 'read' : 'import', (onUploadProgress) =>
      api.call(
        source === 'lwt' ? 'import.lwt' : 'import.lute',
        { file: f, preview: asPreview, conflicts: mode, merge, feed_languages: JSON.stringify(feedLanguages) },
        { onUploadProgress },
      ),
    );
    if (!answer) return;
    if (answer.preview) setPreview(answer);
    else {
      setResult(answer);
      setPreview(null);
      await useApp.getState().reloadLibrary();
      toast('success', t('moveIn.importedToast', { terms: answer.created.terms, texts: answer.created.texts }));
    }
  };
  const choose = (f: File | null) => {
    setFile(f);
    setFeedLanguages({});
    setPreview(null);
    setResult(null);
    if (f) void sendFile(f, true, conflicts);
  };
  /** Sends the chosen file again: as a preview (after a choice that changes it) or for the import. */
  const send = (asPreview: boolean, mode = conflicts) => (file ? sendFile(file, asPreview, mode) : Promise.resolve());
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
    upload,
    send,
    choose,
  };
}
