// Runs in: the extension's content script. The word panel: a closed shadow root next to the word, keyboard-first like
// the reader (1–5 status, i ignored, w well known, Enter saves, Esc closes). Everything in it is built from elements
// and text nodes; a dictionary definition (HTML as imported) is shown as text with its tags stripped.
import { STATUS_DEFINITIONS } from '../../src-shared/contract/status';
import { t } from '../i18n';
import { PANEL_TAG } from './collect';
import { PANEL_MARGIN, placePanel, type Rect } from './placement';

export interface PanelWord {
  text: string;
  status: number;
  translation?: string;
  reading?: string;
  lemma?: string;
  multi: boolean;
  /** The sentence around the word (its translation is shown on g or the button, issue 49). */
  sentence?: string;
}

export interface PanelFields {
  status: number;
  translation: string;
  reading: string;
  lemma: string;
}

const KEY_STATUS: Record<string, number> = { '1': 1, '2': 2, '3': 3, '4': 4, '5': 5, i: 98, w: 99 };

const CSS = `
:host { all: initial; }
.panel { position: fixed; z-index: 2147483647; width: 300px; box-sizing: border-box; overflow-y: auto; overscroll-behavior: contain; padding: 10px 12px; background: #fff; color: #222;
  border: 1px solid #bbb; border-radius: 8px; box-shadow: 0 6px 24px rgba(0,0,0,.18); font: 14px/1.4 system-ui, sans-serif; outline: none; }
.word { font-size: 18px; font-weight: 600; margin: 0 0 6px; word-break: break-word; }
label { display: block; font-size: 12px; color: #555; margin-top: 6px; }
input { width: 100%; box-sizing: border-box; font: inherit; padding: 4px 6px; border: 1px solid #bbb; border-radius: 4px; }
.statuses { display: flex; gap: 4px; margin-top: 8px; }
.statuses button { flex: 1; font: inherit; padding: 3px 0; border: 1px solid #bbb; border-radius: 4px; background: #f6f6f6; cursor: pointer; }
.statuses button[aria-pressed="true"] { border-color: #333; font-weight: 700; }
.sugg { margin-top: 4px; display: flex; flex-direction: column; gap: 2px; }
.sugg button[aria-pressed="true"] { outline: 2px solid #2a6ad1; }
.sugg button { text-align: left; font: 12px/1.3 system-ui, sans-serif; border: 0; background: #f1f5fb; padding: 3px 5px; border-radius: 3px; cursor: pointer; }
.row { display: flex; justify-content: space-between; align-items: center; margin-top: 8px; gap: 6px; }
.row button { font: inherit; padding: 4px 10px; border-radius: 4px; border: 1px solid #2a6ad1; background: #2a6ad1; color: #fff; cursor: pointer; }
.row a { font-size: 12px; color: #2a6ad1; cursor: pointer; }
.keys { font-size: 11px; color: #777; margin-top: 6px; }
.note { font-size: 12px; color: #2f7a3a; min-height: 1em; }
.note.error, .translation.error { color: #b5402e; font-weight: 600; }
.sentence { margin-top: 8px; }
.sentence .link { font: 12px/1.3 system-ui, sans-serif; border: 0; background: none; color: #2a6ad1; padding: 0; cursor: pointer; }
.translation { margin: 4px 0 0; font-size: 13px; font-style: italic; color: #333; }
.translation[hidden] { display: none; }
`;

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<Record<string, string>> = {}, text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) if (v !== undefined) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

export class WordPanel {
  readonly host: HTMLElement;
  private readonly root: ShadowRoot;
  private panel: HTMLDivElement | null = null;
  private status = 0;
  private onSave: ((f: PanelFields) => void) | null = null;
  /** For tests and the e2e: the panel's root, reachable only from the content script's world. */
  get shadow(): ShadowRoot {
    return this.root;
  }

  constructor(
    private readonly openInLectio: (text: string) => void,
    private readonly translateSentence: (sentence: string) => Promise<string>,
  ) {
    this.host = document.createElement(PANEL_TAG);
    this.root = this.host.attachShadow({ mode: 'closed' });
    const style = document.createElement('style');
    style.textContent = CSS;
    this.root.appendChild(style);
    // Keys typed in the panel are the panel's: the page's shortcuts never see them.
    for (const type of ['keydown', 'keyup', 'keypress'] as const) this.host.addEventListener(type, (e) => e.stopPropagation());
  }

  get isOpen(): boolean {
    return this.panel !== null;
  }

  open(anchor: Rect, word: PanelWord, onSave: (f: PanelFields) => void): void {
    this.close();
    this.anchor = { left: anchor.left, top: anchor.top, right: anchor.right, bottom: anchor.bottom };
    if (!this.host.isConnected) document.documentElement.appendChild(this.host);
    this.onSave = onSave;
    this.status = word.status > 0 ? word.status : 1;
    const panel = el('div', { class: 'panel', tabindex: '-1', role: 'dialog', 'aria-label': word.text });
    panel.appendChild(el('p', { class: 'word' }, word.text));
    if (word.multi) panel.appendChild(el('p', { class: 'keys' }, t('ext.multiword', { text: word.text })));
    const field = (key: 'ext.translation' | 'ext.reading' | 'ext.lemma', name: string, value = '') => {
      const label = el('label', {}, t(key));
      const input = el('input', { name, autocomplete: 'off' });
      input.value = value;
      label.appendChild(input);
      panel.appendChild(label);
      return input;
    };
    const translation = field('ext.translation', 'translation', word.translation);
    // A suggestion put in the field is selected when the field is focused: typing replaces it.
    translation.addEventListener('focus', () => translation.select());
    translation.addEventListener('input', () => (this.typed = true));
    const sugg = el('div', { class: 'sugg', 'aria-label': t('ext.suggestions') });
    panel.appendChild(sugg);
    const reading = field('ext.reading', 'reading', word.reading);
    const lemma = word.multi ? null : field('ext.lemma', 'lemma', word.lemma);
    const statuses = el('div', { class: 'statuses' });
    for (const d of STATUS_DEFINITIONS) {
      const b = el(
        'button',
        { type: 'button', 'data-status': String(d.status), title: d.name, 'aria-pressed': String(d.status === this.status) },
        d.status > 5 ? d.abbreviation : String(d.status),
      );
      b.addEventListener('click', () => this.choose(d.status, true));
      statuses.appendChild(b);
    }
    panel.appendChild(statuses);
    const row = el('div', { class: 'row' });
    const open = el('a', { role: 'link', tabindex: '0' }, t('ext.openInLectio'));
    open.addEventListener('click', () => this.openInLectio(word.text));
    const save = el('button', { type: 'button', 'data-save': '' }, t('ext.save'));
    save.addEventListener('click', () => this.save());
    row.append(open, save);
    panel.appendChild(row);
    this.toggleTranslation = () => undefined;
    if (word.sentence) panel.appendChild(this.sentenceRow(word.sentence));
    panel.appendChild(el('p', { class: 'note', role: 'status' }));
    panel.appendChild(el('p', { class: 'keys' }, t('ext.panelKeys')));
    panel.addEventListener('keydown', (e) => {
      const inField = (e.composedPath()[0] as Element | undefined)?.tagName === 'INPUT';
      if (e.key === 'Escape') {
        e.preventDefault();
        this.close();
      } else if (e.key === 'Enter') {
        e.preventDefault();
        this.save();
      } else if (!inField && !e.ctrlKey && !e.metaKey && !e.altKey && e.key === 'g') {
        e.preventDefault();
        this.toggleTranslation();
      } else if (!inField && !e.ctrlKey && !e.metaKey && !e.altKey && KEY_STATUS[e.key] !== undefined) {
        e.preventDefault();
        this.choose(KEY_STATUS[e.key], true);
      }
    });
    this.fields = { translation, reading, lemma };
    // A term already in Lectio keeps its translation (the panel is not told it): suggestions are offered, not filled in.
    this.typed = word.status > 0;
    this.root.appendChild(panel);
    this.panel = panel;
    this.place();
    panel.focus();
  }

  /** The clicked word's box (window coordinates) the panel is placed against. */
  private anchor: Rect = { left: 0, top: 0, right: 0, bottom: 0 };
  /** The learner typed in Translation (or the term exists): a suggestion arriving later does not become the value. */
  private typed = false;

  /**
   * Next to the word and inside the window, from the panel's rendered size (measured without any height cap, hidden
   * meanwhile): below, above, beside, or scrolling inside when the window is small (placement.ts). Again whenever
   * its content changes size (suggestions, a note).
   */
  private place(): void {
    const panel = this.panel;
    if (!panel) return;
    const view = { width: document.documentElement.clientWidth || window.innerWidth, height: document.documentElement.clientHeight || window.innerHeight };
    const width = Math.min(300, view.width - 2 * PANEL_MARGIN);
    panel.style.visibility = 'hidden';
    panel.style.maxHeight = '';
    panel.style.width = `${width}px`;
    panel.style.top = '0px';
    panel.style.left = '0px';
    const height = panel.getBoundingClientRect().height;
    const at = placePanel(this.anchor, { width, height }, view);
    panel.style.top = `${Math.round(at.top)}px`;
    panel.style.left = `${Math.round(at.left)}px`;
    if (at.maxHeight !== undefined) panel.style.maxHeight = `${Math.floor(at.maxHeight)}px`;
    panel.setAttribute('data-side', at.side);
    panel.style.visibility = '';
  }

  private fields: { translation: HTMLInputElement; reading: HTMLInputElement; lemma: HTMLInputElement | null } | null = null;

  /** Translation suggestions from the learner's local dictionaries (text only). */
  suggest(definitions: string[]): void {
    const sugg = this.panel?.querySelector('.sugg');
    if (!sugg || !this.fields) return;
    sugg.replaceChildren();
    for (const d of definitions.slice(0, 5)) {
      const plain = d
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 160);
      if (!plain) continue;
      const b = el('button', { type: 'button', 'aria-pressed': 'false' }, plain);
      b.addEventListener('click', () => this.take(b));
      sugg.appendChild(b);
    }
    // A new word's first suggestion is the value, as in the reader's panel (a status key saves it), unless the learner
    // typed one; selected when the field is focused, so typing replaces it.
    const first = sugg.querySelector('button');
    if (first && !this.fields.translation.value && !this.typed) this.take(first);
    this.place();
  }

  private take(button: Element): void {
    if (!this.fields) return;
    this.fields.translation.value = button.textContent ?? '';
    for (const b of this.panel?.querySelectorAll('.sugg button') ?? []) b.setAttribute('aria-pressed', String(b === button));
  }

  private toggleTranslation: () => void = () => undefined;

  /**
   * The sentence's translation under a button (g): asked of Lectio the first time (its translation settings, its
   * cache), shown and hidden by later presses; a failure in the error colour with the reason.
   */
  private sentenceRow(sentence: string): HTMLElement {
    const row = el('div', { class: 'sentence' });
    const button = el('button', { type: 'button', class: 'link', 'data-translate': '' }, t('ext.translateSentence'));
    const out = el('p', { class: 'translation', hidden: '' });
    let asked = false;
    this.toggleTranslation = () => {
      if (asked) {
        out.hidden = !out.hidden;
        this.place();
        return;
      }
      asked = true;
      out.hidden = false;
      out.classList.remove('error');
      out.textContent = t('ext.translating');
      this.place();
      const panel = this.panel;
      this.translateSentence(sentence).then(
        (text) => {
          if (this.panel !== panel) return;
          out.textContent = text;
          this.place();
        },
        (err: unknown) => {
          if (this.panel !== panel) return;
          asked = false;
          out.classList.add('error');
          out.textContent = t('ext.translateFailed', { reason: err instanceof Error ? err.message : String(err) });
          this.place();
        },
      );
    };
    button.addEventListener('click', () => this.toggleTranslation());
    row.append(button, out);
    return row;
  }

  private choose(status: number, saveNow: boolean): void {
    this.status = status;
    for (const b of this.panel?.querySelectorAll('.statuses button') ?? [])
      b.setAttribute('aria-pressed', String(b.getAttribute('data-status') === String(status)));
    if (saveNow) this.save();
  }

  private save(): void {
    if (!this.onSave || !this.fields) return;
    this.onSave({
      status: this.status,
      translation: this.fields.translation.value.trim(),
      reading: this.fields.reading.value.trim(),
      lemma: this.fields.lemma?.value.trim() ?? '',
    });
  }

  saved(): void {
    this.note(t('ext.saved'), false);
  }

  /** A save Lectio refused or did not answer: said in the panel in the error colour, with the reason; the panel keeps what was typed for another try. */
  failed(reason: string): void {
    this.note(t('ext.saveFailed', { reason }), true);
  }

  private note(text: string, error: boolean): void {
    const note = this.panel?.querySelector('.note');
    if (!note) return;
    note.textContent = text;
    note.classList.toggle('error', error);
    note.setAttribute('role', error ? 'alert' : 'status');
    this.place();
  }

  close(): void {
    this.panel?.remove();
    this.panel = null;
    this.fields = null;
    this.onSave = null;
  }

  remove(): void {
    this.close();
    this.host.remove();
  }
}
