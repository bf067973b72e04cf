// Runs in: renderer. The new-text / edit-text form's state: the text loaded for editing, a picked or dropped
// file (a .txt fills the form, an EPUB goes to Books, a very long text is offered as a book), saving (Ctrl+S,
// Ctrl+Enter), and "Join wrapped lines" following the detection until the learner sets it.
// Long because: a file dropped on the form fills it, goes to Books or is offered as a book, beside saving (not yet a model: issue 45).
import { looksHardWrapped } from '../../../src-shared/text/reflow';
import { decodeTxt } from '../../../src-shared/text/txt-decode';
import { useEffect, useRef, useState } from 'react';
import type { TextDto } from '../../../src-shared/contract/texts';
import { api, errorMessage } from '../../api/client';
import { navigate, useParams } from '../../lib/router';
import { useHotkeys } from '../../components/hotkeys';
import { useFileDropTarget } from '../../components/FileDrop';
import { useApp } from '../../stores/app';
import { chooseDialog, toast } from '../../stores/ui';
import { receivePendingTextFiles } from './pendingFile';
import { isBookFile, setPendingBookFile } from '../books/pendingBook';
import { t } from '../../lib/i18n';

export interface FormState {
  TxLgID: number | '';
  TxTitle: string;
  TxText: string;
  TxAudioURI: string;
  TxSourceURI: string;
  tags: string;
}

/** Over this many words a new text is offered as a book with chapters (issue 19). */
const LONG_TEXT_WORDS = 50_000;

/** Words as the form counts them: runs of non-space (no array of a million strings for a pasted book). */
function countWords(text: string): number {
  let n = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const space = c === 32 || c === 10 || c === 13 || c === 9 || c === 12 || c === 0xa0 || c === 0x3000;
    if (!space && !inWord) n++;
    inWord = !space;
  }
  return n;
}
export function useTextForm() {
  const params = useParams();
  const id = params.id ? Number(params.id) : null;
  const languages = useApp((s) => s.languages);
  const currentLanguageId = useApp((s) => s.currentLanguageId);
  const [form, setForm] = useState<FormState>({ TxLgID: currentLanguageId ?? '', TxTitle: '', TxText: '', TxAudioURI: '', TxSourceURI: '', tags: '' });
  const [loaded, setLoaded] = useState(id === null);
  // "Join wrapped lines": follows the detection (on for a hard-wrapped text) until the learner sets it.
  const [joinChoice, setJoinChoice] = useState<boolean | null>(null);
  const [busy, setBusy] = useState<number | null | false>(false);
  const [error, setError] = useState<string | null>(null);
  const fileDrop = useFileDropTarget(([f]) => void upload(f));

  useEffect(() => {
    if (id === null) return;
    api
      .call('texts.get', { id })
      .then((text: TextDto) => {
        setForm({
          TxLgID: text.TxLgID,
          TxTitle: text.TxTitle,
          TxText: text.TxText,
          TxAudioURI: text.TxAudioURI,
          TxSourceURI: text.TxSourceURI,
          tags: text.TextTags.join(', '),
        });
        setLoaded(true);
      })
      .catch((err: unknown) => setError(errorMessage(err)));
  }, [id]);

  // The new-text form takes a .txt dropped anywhere on the window: the one that opened it, and any later one.
  const uploadRef = useRef(upload);
  uploadRef.current = upload;
  useEffect(() => {
    if (id !== null) return;
    return receivePendingTextFiles((file) => void uploadRef.current(file));
  }, [id]);

  /**
   * A picked or dropped file: an EPUB goes to the book import; a .txt fills this form (decoded by the same rules
   * as texts.upload), so the learner sees the text — and "Join wrapped lines" for a hard-wrapped one — before
   * anything is stored. A whole book's worth of text is offered as a book first.
   */
  async function upload(file: File) {
    if (isBookFile(file.name)) {
      setPendingBookFile(file);
      navigate('/book/import');
      return;
    }
    setError(null);
    let decoded: { title: string | null; text: string };
    try {
      decoded = decodeTxt(new Uint8Array(await file.arrayBuffer()), file.name);
    } catch (err) {
      return setError(errorMessage(err));
    }
    const title = form.TxTitle.trim() || decoded.title || file.name.replace(/\.[^.]+$/, '');
    if (form.TxLgID && (await offerBook(countWords(decoded.text))) === 'book') return void (await saveAsBook(decoded.text, title));
    setJoinChoice(null);
    setForm((f) => ({ ...f, TxTitle: title.slice(0, 200), TxText: decoded.text }));
  }

  /** Over LONG_TEXT_WORDS words: a book with chapters, or one text? null when the learner cancels. */
  async function offerBook(count: number): Promise<'book' | 'text' | null> {
    if (id !== null || count <= LONG_TEXT_WORDS) return 'text';
    return chooseDialog({
      title: t('textEdit.longTitle', { count }),
      message: t('textEdit.longMessage'),
      options: [
        { value: 'book', label: t('textEdit.asBook'), description: t('textEdit.asBookDescription') },
        { value: 'text', label: t('textEdit.asOneText'), description: t('textEdit.asOneTextDescription') },
      ],
    });
  }

  async function saveAsBook(text: string, title: string) {
    setBusy(null);
    setError(null);
    try {
      const book = await api.call('books.create', { language_id: Number(form.TxLgID), text, ...(title ? { title } : {}) });
      toast('success', t('textEdit.bookAdded', { title: book.BkTitle }));
      navigate(`/book/${book.BkID}`);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  async function save(read: boolean) {
    if (!form.TxLgID) return setError(t('textEdit.chooseLanguage'));
    const choice = await offerBook(countWords(form.TxText));
    if (choice === null) return;
    if (choice === 'book') return saveAsBook(form.TxText, form.TxTitle.trim());
    setBusy(null);
    setError(null);
    const fields = {
      TxLgID: Number(form.TxLgID),
      TxTitle: form.TxTitle,
      TxText: form.TxText,
      TxAudioURI: form.TxAudioURI,
      TxSourceURI: form.TxSourceURI,
      TextTags: { TagList: form.tags },
    };
    try {
      const text = id === null ? await api.call('texts.create', { ...fields, joinWrappedLines: joinLines }) : await api.call('texts.update', { id, ...fields });
      toast('success', t(id === null ? 'textEdit.textAdded' : 'textEdit.textSaved'));
      navigate(read ? `/read/${text.TxID}` : '/texts');
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  useHotkeys({ 'Mod+s': () => void save(false), 'Mod+Enter': () => void save(true) }, { allowInInputs: ['s', 'Enter', 'Escape'] });

  const set = (k: keyof FormState) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });
  const wrapped = id === null && looksHardWrapped(form.TxText);
  const joinLines = joinChoice ?? wrapped;
  const words = countWords(form.TxText);

  return { id, languages, form, setForm, set, loaded, error, busy, wrapped, joinLines, setJoinChoice, words, upload, save, fileDrop };
}
