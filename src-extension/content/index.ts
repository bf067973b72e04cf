// Runs in: the extension's content script (every http(s) page). Decides the page's language (the site's choice, else
// the page's lang among the learner's Lectio languages), annotates the visible text when the site is on, follows
// new text (MutationObserver, batched at idle), opens the word panel on a click or a phrase selection, and answers
// the popup. It talks to Lectio only through the background worker; it listens to no page message.
import { Readability } from '@mozilla/readability';
import { t } from '../i18n';
import {
  ask,
  type ContentRequest,
  type ExtensionState,
  type MarkedKnown,
  type PageCounts,
  type SavedTerm,
  type SentPage,
  type SiteSettings,
} from '../messages';
import { Annotator, type Token } from './annotator';
import { articleText } from './article-text';
import { WordPanel, type PanelFields } from './panel';

const host = location.hostname;
let state: ExtensionState | null = null;
let settings: SiteSettings = { enabled: true };
let annotator: Annotator | null = null;
let observer: MutationObserver | null = null;
let panel: WordPanel | null = null;
const pending = new Set<Node>();
let idleScheduled = false;

function pageLanguage(s: ExtensionState): number | null {
  if (settings.languageId && s.languages.some((l) => l.LgID === settings.languageId)) return settings.languageId;
  const lang = (document.documentElement.lang || document.querySelector('meta[http-equiv="content-language" i]')?.getAttribute('content') || '')
    .toLowerCase()
    .split(/[-_]/)[0];
  if (!lang) return null;
  return s.languages.find((l) => (l.LgIsoCode ?? '').toLowerCase().split(/[-_]/)[0] === lang)?.LgID ?? null;
}

async function start(): Promise<void> {
  // Both at once: the background answers the languages and colours from its cache (no request to Lectio).
  [state, settings] = await Promise.all([ask({ kind: 'state' }), ask({ kind: 'site', host })]);
  // Lectio's own pages are read in Lectio's reader.
  if (location.origin === new URL(state.server).origin) return;
  if (state.connection !== 'connected' || !settings.enabled) return;
  const languageId = pageLanguage(state);
  if (languageId === null) return;
  annotator = new Annotator((language_id, blocks) => ask({ kind: 'annotate', language_id, blocks }), languageId);
  annotator.installStyle(state.statuses);
  observer = new MutationObserver(onMutations);
  // characterData: a text node the page rewrites loses its colours and is annotated again.
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  document.addEventListener('click', onClick, true);
  document.addEventListener('mouseup', onMouseUp, true);
  const started = performance.now();
  const a = annotator;
  // Figures for the bench, numbers only, in the bench build only (scripts/build-extension.mjs): request sent → the
  // first screenful painted, → every word coloured (all ranges built, those near the window painted).
  if (__LECTIO_BENCH__) {
    document.documentElement.setAttribute('data-lectio-annotate-start', String(Math.round(started)));
    a.onFirstShown = () => void afterPaint().then(() => mark('data-lectio-annotate-first-ms', started));
  }
  await a.annotate(document.body);
  if (__LECTIO_BENCH__) {
    await afterPaint();
    if (annotator !== a) return;
    mark('data-lectio-annotate-ms', started);
    document.documentElement.setAttribute('data-lectio-annotate-page-ms', String(Math.round(a.pageSideMs)));
  }
}

function stop(): void {
  observer?.disconnect();
  observer = null;
  document.removeEventListener('click', onClick, true);
  document.removeEventListener('mouseup', onMouseUp, true);
  panel?.remove();
  panel = null;
  annotator?.restore();
  annotator = null;
  pending.clear();
  if (__LECTIO_BENCH__)
    for (const name of [
      'data-lectio-annotate-first-ms',
      'data-lectio-recolour-ms',
      'data-lectio-save-ms',
      'data-lectio-annotate-ms',
      'data-lectio-annotate-page-ms',
      'data-lectio-annotate-start',
    ])
      document.documentElement.removeAttribute(name);
}

function onMutations(records: MutationRecord[]): void {
  const a = annotator;
  if (!a) return;
  // Lectio never changes the page's DOM (its colours are highlights, its panel hangs off <html>): every record here
  // is the page's own.
  for (const r of records) {
    if (r.type === 'characterData' && r.target.nodeType === Node.TEXT_NODE) {
      a.forget(r.target as Text);
      pending.add(r.target);
    }
    for (const n of r.addedNodes) if (n.nodeType === Node.ELEMENT_NODE || n.nodeType === Node.TEXT_NODE) pending.add(n);
  }
  if (pending.size && !idleScheduled) {
    idleScheduled = true;
    const run = () => {
      idleScheduled = false;
      const nodes = [...pending].filter((n) => n.isConnected);
      pending.clear();
      // Never twice: text nodes already annotated are remembered by the annotator.
      void (async () => {
        for (const n of nodes) if (annotator === a) await a.annotate(n.nodeType === Node.TEXT_NODE ? n.parentNode! : n);
      })();
    };
    if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: 300 });
    else setTimeout(run, 50);
  }
}

function ensurePanel(): WordPanel {
  panel ??= new WordPanel(
    (text) => void ask({ kind: 'open', path: `/vocabulary?q=${encodeURIComponent(text)}` }),
    async (sentence) => {
      if (!annotator) throw new Error(t('ext.noPageLanguage'));
      return (await ask({ kind: 'translate', language_id: annotator.languageId, text: sentence })).translation;
    },
  );
  return panel;
}

/** Resolves once the next frame has been rendered (bench figures) (its rendering work follows the animation frame's callbacks). */
function afterPaint(): Promise<void> {
  return new Promise((resolve) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve();
      channel.port2.postMessage(null);
    }),
  );
}

/** A bench figure on <html> (bench build only: production pages carry none). */
function mark(name: string, since: number): void {
  document.documentElement.setAttribute(name, String(Math.round((performance.now() - since) * 10) / 10));
}

/**
 * Saves a term. A single word recolours at Enter (the panel knows the status, and the word's lowercased form finds
 * every occurrence): the page does not wait for the server, whose answer then confirms it (its status and term id),
 * or undoes it if the save failed.
 */
async function saveTerm(
  text: string,
  multi: boolean,
  sentence: string,
  f: PanelFields,
  isNew: boolean,
  word?: { lc: string; status: number; termId: number },
  phrase?: { first: Token; last: Token },
): Promise<void> {
  const a = annotator;
  if (!a) return;
  const saveStarted = performance.now();
  if (word) {
    a.recolour(word.lc, f.status, word.termId);
    if (__LECTIO_BENCH__) void afterPaint().then(() => mark('data-lectio-recolour-ms', saveStarted));
  }
  const saving = ask({
    kind: 'saveTerm',
    multi,
    term: {
      WoLgID: a.languageId,
      WoText: text,
      WoStatus: f.status,
      WoTranslation: f.translation || undefined,
      WoRomanization: f.reading || undefined,
      WoLemma: f.lemma || undefined,
      WoSentence: sentence.slice(0, 5000) || undefined,
      // The page is the term's source: its address goes with the first save (the notes are the learner's after).
      WoNotes: isNew ? location.href.slice(0, 2000) : undefined,
    },
  });
  let term: SavedTerm;
  try {
    term = await saving;
  } catch (err) {
    if (word && annotator === a) a.recolour(word.lc, word.status, word.termId);
    panel?.failed(err instanceof Error ? err.message : String(err));
    throw err;
  }
  if (annotator !== a) return;
  // A phrase's occurrences take the term's underline in place: the page is not annotated again.
  if (phrase) a.addPhrase(phrase.first, phrase.last, { lc: term.WoTextLC, status: term.WoStatus, termId: term.WoID });
  else a.recolour(word?.lc ?? term.WoTextLC ?? '', term.WoStatus, term.WoID);
  if (__LECTIO_BENCH__) mark('data-lectio-save-ms', saveStarted);
  panel?.saved();
}

function onClick(e: MouseEvent): void {
  const a = annotator;
  if (panel && (e.composedPath() as Node[]).includes(panel.host)) return;
  // The click that ends a drag over a phrase: the phrase's panel (opened on mouseup) stays.
  if (window.getSelection()?.isCollapsed === false) return;
  // Links stay links: Alt+click opens a linked word's panel.
  const inLink = e.target instanceof Element && e.target.closest('a[href]') !== null;
  const token = a && !(inLink && !e.altKey) ? a.wordAt(e.clientX, e.clientY) : null;
  if (!a || !token) {
    panel?.close();
    return;
  }
  e.preventDefault();
  e.stopPropagation();
  const sentence = a.sentenceOf(token);
  const p = ensurePanel();
  p.open(
    a.liveRange(token).getBoundingClientRect(),
    { text: token.text, status: token.status, reading: token.reading, lemma: token.lemma, multi: false, sentence },
    (f) =>
      void saveTerm(token.text, false, sentence, f, token.termId === 0, { lc: token.lc, status: token.status, termId: token.termId }).catch(() => undefined),
  );
  void ask({ kind: 'lookup', language_id: a.languageId, term: token.text })
    .then((r) => p.suggest([...r.entries, ...r.lemma_entries].map((x) => x.LeDefinition)))
    .catch(() => undefined);
}

/** A selection over two or more words of one block: the panel for a multi-word term. */
function onMouseUp(): void {
  const a = annotator;
  const sel = window.getSelection();
  if (!a || !sel || sel.isCollapsed || sel.rangeCount === 0) return;
  const range = sel.getRangeAt(0);
  const words = a.wordsIn(range);
  if (words.length < 2 || words.length > 9) return;
  const first = words[0];
  const last = words[words.length - 1];
  if (words.some((w) => w.block !== first.block)) return;
  const text = a.phraseText(first, last);
  const sentence = a.sentenceOf(first);
  const p = ensurePanel();
  // A phrase already saved as a term keeps its notes (the page's address goes only with a term's first save).
  const known = first.multi?.lc === text.toLowerCase() ? first.multi : undefined;
  p.open(range.getBoundingClientRect(), { text, status: known?.status ?? 0, multi: true, sentence }, (f) => {
    void saveTerm(text, true, sentence, f, !known, undefined, { first, last }).catch(() => undefined);
  });
}

/**
 * "Mark the rest of this page known" (the popup, after its confirmation): every word of the page without a term
 * becomes a well-known term in one request, and the page recolours in place.
 */
async function markKnown(): Promise<MarkedKnown> {
  const a = annotator;
  if (!a) throw new Error(t('ext.noPageLanguage'));
  const words = a.unknownForms();
  if (words.length === 0) return { words: 0, created: 0 };
  const { created } = await ask({ kind: 'markKnown', language_id: a.languageId, words });
  // The new terms' ids are not known here: 0, as for a word saved before this page was annotated.
  if (annotator === a) for (const lc of words) a.recolour(lc, 99, 0);
  return { words: words.length, created };
}

function counts(): PageCounts {
  const c = annotator?.counts() ?? { words: 0, unknown: 0, known_pct: 0, n95: 0, n98: 0 };
  return { active: annotator !== null, languageId: annotator?.languageId ?? null, ...c };
}

/**
 * "Send the page to Lectio": Readability on the DOM the learner sees (a copy), its article as plain text (tables a
 * line per row, the byline and date lines left out: article-text.ts), with the article's title.
 */
async function sendPage(): Promise<SentPage> {
  const languageId = annotator?.languageId ?? (state && pageLanguage(state));
  if (!languageId) throw new Error(t('ext.noPageLanguage'));
  const copy = document.cloneNode(true) as Document;
  for (const el of copy.querySelectorAll('lectio-panel')) el.remove();
  const article = new Readability(copy, { serializer: (n: Node) => n }).parse();
  const root = article?.content as unknown as Element | undefined;
  const text =
    (root && articleText(root, { byline: article?.byline, publishedTime: article?.publishedTime })) || (article?.textContent ?? document.body.innerText).trim();
  const title = (article?.title || document.title).replace(/\s+/g, ' ').trim();
  return ask({ kind: 'sendPage', language_id: languageId, title, text, url: location.href });
}

chrome.runtime.onMessage.addListener((message, sender, sendResponse) => {
  if (sender.id !== chrome.runtime.id) return false;
  const req = message as ContentRequest;
  if (req.kind === 'counts') sendResponse(counts());
  else if (req.kind === 'apply') {
    settings = req.settings;
    stop();
    void start().then(() => sendResponse(counts()));
    return true;
  } else if (req.kind === 'sendPage' || req.kind === 'markKnown') {
    (req.kind === 'sendPage' ? sendPage() : markKnown()).then(
      (v) => sendResponse({ ok: true, value: v }),
      (err: unknown) => sendResponse({ ok: false, error: err instanceof Error ? err.message : String(err) }),
    );
    return true;
  }
  return false;
});

void start().catch(() => undefined);
