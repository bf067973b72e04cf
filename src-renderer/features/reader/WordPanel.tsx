// Runs in: renderer. The word panel: a term's translation, romanization, notes, lemma, tags, example
// sentence and status, saved through /api/v1/terms/quick (or /terms/multi for a selection).
import { useEffect, useRef, useState } from 'react';
import type { ReaderView } from '../../../src-shared/contract/reader';
import { STATUS_DEFINITIONS } from '../../../src-shared/contract/status';
import type { TermDto } from '../../../src-shared/contract/terms';
import { api } from '../../api/client';
import { showError } from '../../lib/errors';
import { identityKey, useCall } from '../../lib/useCall';
import DictionaryEntries from '../dictionaries/DictionaryEntries';
import { LemmaSuggestion } from '../lemmas/LemmaSuggestion';
import { speak } from './speech';

export interface PanelTarget {
  /** Surface text: one word, or the selected words with the text between them. */
  text: string;
  multiword: boolean;
  termId: number | null;
  sentence: string;
  reading?: string;
  /** The single words of a multi-word term, to open one of them instead. */
  parts?: { text: string; index: number }[];
  /** Opened to edit (Enter): the caret goes into Translation. Otherwise the keys keep working on the text. */
  focus?: boolean;
}

/** What the reader asks of an open panel: a status key saves with the panel's fields; Enter edits. */
export interface PanelControl {
  saveStatus(status: number): void;
  focusTranslation(): void;
}

interface Props {
  view: ReaderView;
  target: PanelTarget;
  /** Saved; `advance`: the learner set a status (move on to the next unknown word if the setting says so). */
  onSaved(term: TermDto, advance: boolean): void;
  onClose(): void;
  control?: React.MutableRefObject<PanelControl | null>;
  /** The system voice for the language; null hides the speech buttons. */
  voice?: SpeechSynthesisVoice | null;
  onOpenPart(index: number): void;
  onDeleted(termId: number): void;
}

const STATUS_BUTTONS = STATUS_DEFINITIONS.map((d) => ({ status: d.status, label: d.status <= 5 ? String(d.status) : d.abbreviation, name: d.name }));

/** The example sentence with the term in {braces}, as terms store it. */
function markSentence(sentence: string, text: string): string {
  const at = sentence.toLowerCase().indexOf(text.toLowerCase());
  return at < 0 ? sentence : `${sentence.slice(0, at)}{${sentence.slice(at, at + text.length)}}${sentence.slice(at + text.length)}`;
}

const dictionaryUrl = (template: string, word: string) =>
  template.includes('###') ? template.replace('###', encodeURIComponent(word)) : template + encodeURIComponent(word);

export function WordPanel({ view, target, onSaved, onClose, onOpenPart, onDeleted, control, voice = null }: Props) {
  const languageId = view.language.LgID;
  const [term, setTerm] = useState<TermDto | null>(null);
  const [loading, setLoading] = useState(target.termId !== null);
  const [form, setForm] = useState({
    WoTranslation: '',
    WoRomanization: target.reading ?? '',
    WoNotes: '',
    WoLemma: '',
    tags: '',
    WoSentence: markSentence(target.sentence, target.text),
  });
  const [status, setStatus] = useState(1);
  const [saving, setSaving] = useState(false);
  const translationRef = useRef<HTMLTextAreaElement>(null);

  // Each new target (a click, even on the same word) loads the term again and resets the form to it.
  const loaded = useCall('terms.get', target.termId === null ? null : { id: target.termId }, [identityKey(target)], { toastErrors: true });
  useEffect(() => {
    if (target.termId === null) setLoading(false);
  }, [target]);
  useEffect(() => {
    const t = loaded.data;
    if (!t) return;
    setTerm(t);
    setStatus(t.WoStatus);
    setForm({
      WoTranslation: t.WoTranslation,
      WoRomanization: t.WoRomanization || target.reading || '',
      WoNotes: t.WoNotes,
      WoLemma: t.WoLemma ?? '',
      tags: t.TermTags.join(', '),
      WoSentence: t.WoSentence || markSentence(target.sentence, target.text),
    });
    setLoading(false);
  }, [loaded.data, target]);

  // The caret goes into Translation only when the learner asked to edit (Enter): otherwise 1-5, I, W, j, k
  // keep working on the text while the panel is open.
  const wantFocus = useRef(target.focus === true);
  useEffect(() => {
    if (!loading && wantFocus.current) {
      wantFocus.current = false;
      translationRef.current?.focus();
    }
  }, [loading]);

  async function save(nextStatus = status, advance = true) {
    setSaving(true);
    const fields = {
      WoLgID: languageId,
      WoText: term?.WoText ?? target.text,
      WoStatus: nextStatus,
      WoTranslation: form.WoTranslation,
      WoRomanization: form.WoRomanization,
      WoNotes: form.WoNotes,
      WoSentence: form.WoSentence,
      TermTags: { TagList: form.tags },
      ...(form.WoLemma.trim() ? { WoLemma: form.WoLemma.trim() } : {}),
    };
    try {
      const saved = target.multiword
        ? term
          ? await api.call('reader.multiUpdate', { id: term.WoID, ...fields })
          : await api.call('reader.multiCreate', fields)
        : await api.call('reader.quickTerm', fields);
      setTerm(saved);
      setStatus(saved.WoStatus);
      // The field that had the caret lets go of it, so the next key is a reader key again.
      if (document.activeElement instanceof HTMLElement && document.activeElement.closest('.word-panel')) document.activeElement.blur();
      onSaved(saved, advance);
    } catch (err) {
      showError(err);
    } finally {
      setSaving(false);
    }
  }

  async function remove() {
    if (!term) return;
    try {
      await api.call('terms.delete', { id: term.WoID });
      onDeleted(term.WoID);
    } catch (err) {
      showError(err);
    }
  }

  const saveRef = useRef(save);
  saveRef.current = save;
  useEffect(() => {
    if (!control) return;
    control.current = {
      saveStatus: (s) => {
        setStatus(s);
        void saveRef.current(s);
      },
      focusTranslation: () => {
        if (translationRef.current) translationRef.current.focus();
        else wantFocus.current = true;
      },
    };
    return () => {
      control.current = null;
    };
  }, [control]);

  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });
  const onKeyDown = (e: React.KeyboardEvent) => {
    const field = ['INPUT', 'TEXTAREA'].includes((e.target as HTMLElement).tagName);
    // In a text field Enter saves and Shift+Enter makes a new line.
    if (e.key === 'Enter' && field && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void save();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      onClose();
    }
  };

  return (
    <aside className="word-panel" aria-label="Word panel" onKeyDown={onKeyDown}>
      <header className="word-panel-head">
        <div>
          <div className="word-panel-word" dir={view.language.LgRightToLeft ? 'rtl' : undefined}>
            {target.text}
          </div>
          <div className="word-panel-sub">
            {target.multiword ? 'Multi-word term' : term ? 'Term' : 'New word'}
            {target.reading ? ` · ${target.reading}` : ''}
          </div>
        </div>
        {voice && (
          <span className="word-panel-speech">
            <button
              className="btn btn-ghost btn-small"
              onClick={() => speak(target.text, voice)}
              aria-label="Speak the word (S)"
              title={`Speak the word (S) · ${voice.name}`}
            >
              Speak
            </button>
            <button
              className="btn btn-ghost btn-small"
              onClick={() => speak(target.sentence, voice)}
              aria-label="Speak the sentence (Shift+S)"
              title="Speak the sentence (Shift+S)"
            >
              Sentence
            </button>
          </span>
        )}
        <button className="btn btn-ghost btn-small" onClick={onClose} aria-label="Close (Esc)" title="Close (Esc)">
          ✕
        </button>
      </header>
      {target.parts && target.parts.length > 0 && (
        <div className="word-panel-parts" aria-label="Words of this term">
          {target.parts.map((p) => (
            <button key={p.index} className="chip" onClick={() => onOpenPart(p.index)}>
              {p.text}
            </button>
          ))}
        </div>
      )}
      <div className="status-buttons" role="radiogroup" aria-label="Status">
        {STATUS_BUTTONS.map((b) => (
          <button
            key={b.status}
            role="radio"
            aria-checked={status === b.status}
            className={`status-button${status === b.status ? ' selected' : ''}`}
            data-status={b.status}
            title={`${b.name} (${b.status <= 5 ? b.status : b.status === 98 ? 'I' : 'W'})`}
            aria-keyshortcuts={b.status <= 5 ? String(b.status) : b.status === 98 ? 'I' : 'W'}
            disabled={saving || loading}
            onClick={() => {
              setStatus(b.status);
              void save(b.status);
            }}
          >
            {b.label}
          </button>
        ))}
      </div>
      {loading ? (
        <p className="muted">Loading…</p>
      ) : (
        <form
          className="word-form"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <label className="field">
            <span className="field-label">Translation</span>
            <textarea ref={translationRef} className="input" rows={2} value={form.WoTranslation} onChange={set('WoTranslation')} aria-label="Translation" />
          </label>
          <div className="word-form-row">
            <label className="field">
              <span className="field-label">Romanization</span>
              <input className="input" value={form.WoRomanization} onChange={set('WoRomanization')} />
            </label>
            <label className="field">
              <span className="field-label">Lemma</span>
              <input className="input" value={form.WoLemma} onChange={set('WoLemma')} placeholder={term?.WoLemma ?? ''} />
            </label>
          </div>
          <LemmaSuggestion
            languageId={languageId}
            word={target.text}
            stored={term?.WoLemma ?? null}
            typed={form.WoLemma}
            onUse={(lemma) => setForm((f) => ({ ...f, WoLemma: lemma }))}
          />
          <label className="field">
            <span className="field-label">Notes</span>
            <textarea className="input" rows={2} value={form.WoNotes} onChange={set('WoNotes')} />
          </label>
          <label className="field">
            <span className="field-label">Tags</span>
            <input className="input" value={form.tags} onChange={set('tags')} placeholder="noun, verb, …" />
          </label>
          <label className="field">
            <span className="field-label">Example sentence</span>
            <textarea className="input" rows={2} value={form.WoSentence} onChange={set('WoSentence')} dir={view.language.LgRightToLeft ? 'rtl' : undefined} />
          </label>
          <div className="form-actions">
            {term && (
              <button type="button" className="btn btn-ghost btn-danger-ghost" onClick={() => void remove()}>
                Delete
              </button>
            )}
            <button type="submit" className="btn btn-primary" disabled={saving}>
              {saving ? 'Saving…' : 'Save'} <kbd>↵</kbd>
            </button>
          </div>
          <p className="word-panel-keys muted small">
            <kbd>1</kbd>–<kbd>5</kbd> <kbd>I</kbd> <kbd>W</kbd> status and save · <kbd>↵</kbd> save · <kbd>⇧↵</kbd> new line · <kbd>Esc</kbd> close ·{' '}
            <kbd>?</kbd> all keys
          </p>
        </form>
      )}
      <section className="word-panel-dicts">
        <div className="dict-links">
          {[view.language.LgDict1URI, view.language.LgDict2URI, view.language.LgGoogleTranslateURI].filter(Boolean).map((uri, i) => (
            <a key={i} className="btn btn-small" href={dictionaryUrl(uri, target.text)} target="_blank" rel="noreferrer noopener">
              {i === 2 ? 'Translate' : `Dictionary ${i + 1}`}
            </a>
          ))}
        </div>
        <DictionaryEntries
          languageId={languageId}
          term={target.text}
          lemma={term?.WoLemma ?? null}
          bySense
          onPick={(definition) => setForm((f) => ({ ...f, WoTranslation: f.WoTranslation ? `${f.WoTranslation}; ${definition}` : definition }))}
        />
      </section>
    </aside>
  );
}
