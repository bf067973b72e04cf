// Runs in: renderer. New text (paste or open a .txt file) and text editing. An EPUB chosen here goes to
// Books, which splits it into chapters.
import { LanguagePicker } from '../../components/LanguagePicker';
import { looksHardWrapped } from '../../../src-shared/text/reflow';
import { decodeTxt } from '../../../src-shared/text/txt-decode';
import { useEffect, useState } from 'react';
import type { TextDto } from '../../../src-shared/contract/texts';
import { api, errorMessage } from '../../api/client';
import { navigate, useParams, useQuery } from '../../lib/router';
import { useHotkeys } from '../../components/hotkeys';
import { FileDrop, useFileDropTarget } from '../../components/FileDrop';
import { Field, Page, ProgressBar, Spinner } from '../../components/Page';
import { useApp } from '../../stores/app';
import { chooseDialog, toast } from '../../stores/ui';
import { takePendingTextFile } from './pendingFile';
import { FromWebPage } from '../library/FromWebPage';
import { setPendingBookFile } from '../books/pendingBook';
import { NewTextTabs } from '../listening/NewTextTabs';
import './texts.css';
import { t } from '../../lib/i18n';
import { ErrorLine } from '../../components/ErrorLine';

interface FormState {
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
export default function TextEditPage() {
  const params = useParams();
  const query = useQuery();
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

  useEffect(() => {
    if (query.get('dropped') !== '1') return;
    const file = takePendingTextFile();
    if (file) void upload(file);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /**
   * A picked or dropped file: an EPUB goes to the book import; a .txt fills this form (decoded by the same rules
   * as texts.upload), so the learner sees the text — and "Join wrapped lines" for a hard-wrapped one — before
   * anything is stored. A whole book's worth of text is offered as a book first.
   */
  async function upload(file: File) {
    if (/\.epub$/i.test(file.name)) {
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

  if (error && !loaded) return <Page title={t('textEdit.editTitle')}>{<p className="error-text">{error}</p>}</Page>;
  if (!loaded) return <Spinner />;
  const set = (k: keyof FormState) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });
  const wrapped = id === null && looksHardWrapped(form.TxText);
  const joinLines = joinChoice ?? wrapped;
  const words = countWords(form.TxText);

  return (
    <Page title={t(id === null ? 'textEdit.newTitle' : 'textEdit.editTitle')} subtitle={id === null ? t('textEdit.newSubtitle') : undefined}>
      {id === null && <NewTextTabs current="/texts/new" />}
      <form
        className="card form-grid text-form"
        onSubmit={(e) => {
          e.preventDefault();
          void save(true);
        }}
        {...fileDrop.props}
      >
        {id === null && (
          <FromWebPage languageId={form.TxLgID} onArticle={(a) => setForm((f) => ({ ...f, TxTitle: a.title, TxText: a.text, TxSourceURI: a.sourceUri }))} />
        )}
        <div className="text-form-row">
          <Field label={t('textEdit.language')}>
            <LanguagePicker
              value={form.TxLgID}
              onChange={(TxLgID) => setForm({ ...form, TxLgID })}
              placeholder={t('textEdit.choose')}
              label={t('textEdit.language')}
              required
            />
          </Field>
          <Field label={t('textEdit.title')}>
            <input
              className="input"
              value={form.TxTitle}
              onChange={set('TxTitle')}
              maxLength={200}
              aria-label={t('textEdit.title')}
              placeholder={id === null ? t('textEdit.titlePlaceholder') : ''}
            />
          </Field>
        </div>
        <Field label={t('textEdit.text')} hint={t('textEdit.textHint', { count: words })}>
          <textarea
            className="input text-area"
            value={form.TxText}
            onChange={set('TxText')}
            rows={16}
            aria-label={t('textEdit.text')}
            dir={languages.find((l) => l.LgID === form.TxLgID)?.LgRightToLeft ? 'rtl' : undefined}
          />
        </Field>
        {id === null && (
          <label className="check join-lines" title={t('textEdit.joinTitle')}>
            <input type="checkbox" checked={joinLines} onChange={(e) => setJoinChoice(e.target.checked)} /> {t('textEdit.join')}
            {wrapped && <span className="muted small">{t('textEdit.looksWrapped')}</span>}
          </label>
        )}
        <div className="text-form-row">
          <Field label={t('textEdit.audio')} hint={t('textEdit.audioHint')}>
            <input className="input" value={form.TxAudioURI} onChange={set('TxAudioURI')} placeholder="https://…/chapter1.mp3" />
          </Field>
          <Field label={t('textEdit.source')}>
            <input className="input" value={form.TxSourceURI} onChange={set('TxSourceURI')} placeholder={t('textEdit.sourcePlaceholder')} />
          </Field>
        </div>
        <Field label={t('textEdit.tags')} hint={t('textEdit.tagsHint')}>
          <input className="input" value={form.tags} onChange={set('tags')} placeholder={t('textEdit.tagsPlaceholder')} aria-label={t('textEdit.tags')} />
        </Field>
        {busy !== false && <ProgressBar value={busy} label={t(busy === null ? 'textEdit.parsing' : 'textEdit.uploading')} />}
        <ErrorLine error={error} />
        <div className="form-actions">
          {id === null && (
            <>
              <FileDrop
                variant="button"
                className="text-file-open"
                accept=".txt,.epub,text/plain"
                prompt={t('textEdit.openTxt')}
                inputLabel={t('textEdit.openFile')}
                onFiles={([f]) => void upload(f)}
              />
            </>
          )}
          <button type="button" className="btn" onClick={() => void save(false)} disabled={busy !== false} title="Ctrl+S">
            {t('textEdit.save')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy !== false} title="Ctrl+Enter">
            {t('textEdit.saveAndRead')}
          </button>
        </div>
      </form>
    </Page>
  );
}
