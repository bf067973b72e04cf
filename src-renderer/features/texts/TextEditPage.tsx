// Runs in: renderer. New text (paste or open a .txt file) and text editing. An EPUB chosen here goes to
// Books, which splits it into chapters.
import { looksHardWrapped } from '../../../src-shared/text/reflow';
import { useEffect, useRef, useState } from 'react';
import type { UploadedFile } from '../../../src-shared/contract/endpoint';
import type { TextDto } from '../../../src-shared/contract/texts';
import { api, errorMessage } from '../../api/client';
import { navigate, useParams, useQuery } from '../../lib/router';
import { useHotkeys } from '../../components/hotkeys';
import { Field, Page, ProgressBar, Spinner } from '../../components/Page';
import { useApp } from '../../stores/app';
import { toast } from '../../stores/ui';
import { takePendingTextFile } from './pendingFile';
import { FromWebPage } from '../library/FromWebPage';
import { setPendingBookFile } from '../books/pendingBook';
import { NewTextTabs } from '../listening/NewTextTabs';
import './texts.css';

interface FormState {
  TxLgID: number | '';
  TxTitle: string;
  TxText: string;
  TxAudioURI: string;
  TxSourceURI: string;
  tags: string;
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
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (id === null) return;
    api
      .call('texts.get', { id })
      .then((t: TextDto) => {
        setForm({ TxLgID: t.TxLgID, TxTitle: t.TxTitle, TxText: t.TxText, TxAudioURI: t.TxAudioURI, TxSourceURI: t.TxSourceURI, tags: t.TextTags.join(', ') });
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

  async function upload(file: File) {
    if (/\.epub$/i.test(file.name)) {
      setPendingBookFile(file);
      navigate('/book/import');
      return;
    }
    if (!form.TxLgID) {
      setError('Choose the language of the text first.');
      return;
    }
    setBusy(0);
    setError(null);
    try {
      const t = await api.call(
        'texts.upload',
        {
          TxLgID: Number(form.TxLgID),
          file: file as unknown as UploadedFile,
          ...(form.TxTitle.trim() ? { TxTitle: form.TxTitle.trim() } : {}),
          ...(form.tags.trim() ? { TextTags: { TagList: form.tags } } : {}),
        },
        { onUploadProgress: (f) => setBusy(f) },
      );
      toast('success', `“${t.TxTitle}” added`);
      navigate(`/read/${t.TxID}`);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  async function save(read: boolean) {
    if (!form.TxLgID) return setError('Choose the language of the text.');
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
      const t = id === null ? await api.call('texts.create', { ...fields, joinWrappedLines: joinLines }) : await api.call('texts.update', { id, ...fields });
      toast('success', id === null ? 'Text added' : 'Text saved');
      navigate(read ? `/read/${t.TxID}` : '/texts');
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  useHotkeys({ 'Mod+s': () => void save(false), 'Mod+Enter': () => void save(true) }, { allowInInputs: ['s', 'Enter', 'Escape'] });

  if (error && !loaded) return <Page title="Edit text">{<p className="error-text">{error}</p>}</Page>;
  if (!loaded) return <Spinner />;
  const set = (k: keyof FormState) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });
  const wrapped = id === null && looksHardWrapped(form.TxText);
  const joinLines = joinChoice ?? wrapped;
  const words = form.TxText.trim() ? form.TxText.trim().split(/\s+/).length : 0;

  return (
    <Page
      title={id === null ? 'New text' : 'Edit text'}
      subtitle={id === null ? 'Paste a text, or open a .txt file (or drop it anywhere on the window).' : undefined}
    >
      {id === null && <NewTextTabs current="/texts/new" />}
      <form
        className="card form-grid text-form"
        onSubmit={(e) => {
          e.preventDefault();
          void save(true);
        }}
        onDrop={(e) => {
          const f = e.dataTransfer.files[0];
          if (!f) return;
          e.preventDefault();
          e.stopPropagation();
          void upload(f);
        }}
        onDragOver={(e) => e.preventDefault()}
      >
        {id === null && (
          <FromWebPage languageId={form.TxLgID} onArticle={(a) => setForm((f) => ({ ...f, TxTitle: a.title, TxText: a.text, TxSourceURI: a.sourceUri }))} />
        )}
        <div className="text-form-row">
          <Field label="Language">
            <select
              value={form.TxLgID}
              onChange={(e) => setForm({ ...form, TxLgID: e.target.value ? Number(e.target.value) : '' })}
              aria-label="Language"
              required
            >
              <option value="">Choose…</option>
              {languages.map((l) => (
                <option key={l.LgID} value={l.LgID}>
                  {l.LgName}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Title">
            <input
              className="input"
              value={form.TxTitle}
              onChange={set('TxTitle')}
              maxLength={200}
              aria-label="Title"
              placeholder={id === null ? 'Taken from the file when you open one' : ''}
            />
          </Field>
        </div>
        <Field label="Text" hint={`${words.toLocaleString()} words · line breaks make paragraphs`}>
          <textarea
            className="input text-area"
            value={form.TxText}
            onChange={set('TxText')}
            rows={16}
            aria-label="Text"
            dir={languages.find((l) => l.LgID === form.TxLgID)?.LgRightToLeft ? 'rtl' : undefined}
          />
        </Field>
        {id === null && (
          <label className="check join-lines" title="Single line breaks inside a paragraph become spaces; blank lines still separate paragraphs">
            <input type="checkbox" checked={joinLines} onChange={(e) => setJoinChoice(e.target.checked)} /> Join wrapped lines
            {wrapped && <span className="muted small"> · this text looks hard-wrapped (lines of ~70 characters)</span>}
          </label>
        )}
        <div className="text-form-row">
          <Field label="Audio (URL or file path)" hint="Played in the reader; the position is remembered.">
            <input className="input" value={form.TxAudioURI} onChange={set('TxAudioURI')} placeholder="https://…/chapter1.mp3" />
          </Field>
          <Field label="Source">
            <input className="input" value={form.TxSourceURI} onChange={set('TxSourceURI')} placeholder="Where the text comes from" />
          </Field>
        </div>
        <Field label="Tags" hint="Comma-separated, at most 20 characters each.">
          <input className="input" value={form.tags} onChange={set('tags')} placeholder="news, chapter 1" aria-label="Tags" />
        </Field>
        {busy !== false && <ProgressBar value={busy} label={busy === null ? 'Parsing…' : 'Uploading'} />}
        {error && (
          <p className="error-text" role="alert">
            {error}
          </p>
        )}
        <div className="form-actions">
          {id === null && (
            <>
              <input
                ref={fileInput}
                type="file"
                accept=".txt,.epub,text/plain"
                hidden
                onChange={(e) => e.target.files?.[0] && void upload(e.target.files[0])}
                aria-label="Open a file"
              />
              <button type="button" className="btn" onClick={() => fileInput.current?.click()} style={{ marginRight: 'auto' }}>
                Open .txt file…
              </button>
            </>
          )}
          <button type="button" className="btn" onClick={() => void save(false)} disabled={busy !== false} title="Ctrl+S">
            Save
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy !== false} title="Ctrl+Enter">
            Save and read
          </button>
        </div>
      </form>
    </Page>
  );
}
