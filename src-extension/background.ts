// Runs in: the extension's background service worker. The only part that talks to Lectio: it holds the server
// address and the token (chrome.storage.local, never the page's world), pairs, and forwards the content scripts'
// and the popup's requests to /api/v1 with the token. Unreachable → a quiet badge; 401/403 → "reconnect" once.
import { httpClient, type ClientInputOf } from '../src-shared/client';
import { contract, type Contract } from '../src-shared/contract';
import type { AnnotateResult, AnnotateSpans } from '../src-shared/contract/extension';
import { locale, t } from './i18n';
import { refusalText } from './i18n/server';
import type { Answer, BackgroundAnswer, BackgroundAnswers, BackgroundRequest, Connection, ExtensionState, RequestOf, SiteSettings } from './messages';

export const DEFAULT_SERVER = 'http://127.0.0.1:5170';
/** The manifest's command (manifest.mjs) that turns colouring on and off for the active tab's site. */
const TOGGLE_COMMAND = 'toggle-site';
const POLL_MS = 1500;

interface Stored {
  server?: string;
  token?: string;
  connection?: Connection;
  pairing?: { id: string; secret: string; code: string; expires: number };
}

const get = async (): Promise<Stored> => (await chrome.storage.local.get(['server', 'token', 'connection', 'pairing'])) as Stored;
const set = (s: Partial<Stored>) => chrome.storage.local.set(s as Record<string, unknown>);

/** A request Lectio refused (or could not be sent: status 0), said in the learner's language. */
class Refused extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

const refused = (status: number, body: Record<string, unknown>) =>
  new Refused(status, refusalText(status, body, locale()), typeof body.code === 'string' ? body.code : undefined);

/**
 * The shared client of the contract (src-shared/client) for Lectio at `server`: with the token (Bearer, no cookie),
 * or without one for the pairing calls (Lectio checks their Origin, this extension's, instead).
 */
const clientFor = (server: string, token?: string) =>
  httpClient(contract, {
    fetch: (url, init) => fetch(url, init),
    base: () => server,
    headers: (): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {}),
    credentials: 'omit',
    error: refused,
  });

const isSpans = (a: AnnotateResult | AnnotateSpans): a is AnnotateSpans => 'format' in a && a.format === 'spans';

async function badge(connection: Connection): Promise<void> {
  const text = connection === 'unreachable' ? '×' : connection === 'reconnect' ? '!' : '';
  await chrome.action.setBadgeBackgroundColor({ color: connection === 'reconnect' ? '#b5402e' : '#777777' });
  await chrome.action.setBadgeText({ text });
}

async function setConnection(connection: Connection): Promise<void> {
  await set({ connection });
  await badge(connection);
}

/** An endpoint called with the token, by its contract name; classifies failures (unreachable, refused token) for the badge and popup. */
async function call<K extends keyof Contract & string>(name: K, input: ClientInputOf<Contract[K]>): Promise<Answer<K>> {
  const { server = DEFAULT_SERVER, token, connection } = await get();
  if (!token) throw new Refused(401, t('ext.notConnected'));
  let value: Answer<K>;
  try {
    value = await clientFor(server, token).call(name, input);
  } catch (err) {
    if (!(err instanceof Refused)) {
      // fetch itself failed: nothing answered at that address.
      await setConnection('unreachable');
      throw new Refused(0, t('ext.unreachable', { server }));
    }
    if (err.status === 401 || (err.status === 403 && !err.code?.startsWith('pairing.'))) {
      // Once: the token is forgotten, the popup says "reconnect"; later requests do not try again.
      await chrome.storage.local.remove('token');
      await setConnection('reconnect');
    } else if (connection !== 'connected') await setConnection('connected');
    throw err;
  }
  // The state read before the request: one storage round trip per call, not two (every annotate and save pays it).
  if (connection !== 'connected') await setConnection('connected');
  return value;
}

let polling: ReturnType<typeof setTimeout> | undefined;
async function pollPairing(): Promise<void> {
  polling = undefined;
  const { server = DEFAULT_SERVER, pairing } = await get();
  if (!pairing) return;
  try {
    const r = await clientFor(server).call('pairing.poll', { id: pairing.id, secret: pairing.secret });
    if (r.status === 'allowed' && r.token) {
      await chrome.storage.local.remove('pairing');
      await set({ token: r.token });
      await setConnection('connected');
      return;
    }
    if (r.status !== 'pending') {
      await chrome.storage.local.remove('pairing');
      await setConnection(r.status === 'denied' ? 'denied' : 'expired');
      return;
    }
  } catch {
    await setConnection('unreachable');
  }
  polling = setTimeout(() => void pollPairing(), POLL_MS);
}

async function connect(server: string, browser: string): Promise<{ code: string }> {
  const base = server.replace(/\/+$/, '') || DEFAULT_SERVER;
  if (!/^https?:\/\/[^/]+$/.test(base)) throw new Refused(400, t('ext.badAddress'));
  await set({ server: base });
  let made: Answer<'pairing.create'>;
  try {
    made = await clientFor(base).call('pairing.create', { name: `Lectio for ${browser}` });
  } catch (err) {
    if (err instanceof Refused) throw err;
    await setConnection('unreachable');
    throw new Refused(0, t('ext.unreachable', { server: base }));
  }
  await set({ pairing: { id: made.id, secret: made.secret, code: made.code, expires: made.expires_at }, connection: 'pairing' });
  await badge('pairing');
  // In multi-user mode the request is shown on the page that names it; the desktop app shows it by itself.
  if (!base.startsWith('http://127.0.0.1') && !base.startsWith('http://localhost')) await chrome.tabs.create({ url: `${base}/?pair=${made.id}` });
  if (polling) clearTimeout(polling);
  polling = setTimeout(() => void pollPairing(), POLL_MS);
  return { code: made.code };
}

/** The languages and status colours as the content scripts need them. */
type Meta = Pick<ExtensionState, 'languages' | 'statuses'>;
interface CachedMeta extends Meta {
  /** The server and token they were read with: another server or a new pairing never sees them. */
  key: string;
  at: number;
}
/**
 * Cached for page loads (issue 44: every page load waited for two calls in a row before colouring). Fresh for
 * META_FRESH_MS; older, up to META_MAX_MS, a page gets the cached answer at once and a refresh is sent behind it. The
 * popup always reads them anew (the learner who added a language in Lectio opens the popup to pick it), which
 * refreshes the cache. In chrome.storage.session (memory, never written to disk): the worker may be stopped between
 * two pages.
 */
const META_FRESH_MS = 30_000;
const META_MAX_MS = 10 * 60_000;
let metaCache: CachedMeta | null = null;
let metaRefresh: Promise<Meta> | null = null;

async function readMeta(key: string): Promise<Meta> {
  const [languages, statuses] = await Promise.all([call('languages.list', {}), call('settings.statusDefinitions', {})]);
  const meta: Meta = {
    languages: languages.map(({ LgID, LgName, LgIsoCode, LgRightToLeft }) => ({ LgID, LgName, LgIsoCode, LgRightToLeft })),
    statuses: statuses.map(({ status, color, colorDark, name, abbreviation }) => ({ status, color, colorDark, name, abbreviation })),
  };
  metaCache = { ...meta, key, at: Date.now() };
  await chrome.storage.session?.set({ meta: metaCache });
  return meta;
}

/** One refresh at a time: pages loading together share it. */
function refreshMeta(key: string): Promise<Meta> {
  metaRefresh ??= readMeta(key).finally(() => (metaRefresh = null));
  return metaRefresh;
}

async function cachedMeta(key: string): Promise<CachedMeta | null> {
  metaCache ??= ((await chrome.storage.session?.get('meta'))?.meta as CachedMeta | undefined) ?? null;
  return metaCache?.key === key ? metaCache : null;
}

async function forgetMeta(): Promise<void> {
  metaCache = null;
  await chrome.storage.session?.remove('meta');
}

async function state(fresh = false): Promise<ExtensionState> {
  const s = await get();
  const base: ExtensionState = {
    server: s.server ?? DEFAULT_SERVER,
    connection: s.connection ?? 'disconnected',
    code: s.pairing?.code,
    languages: [],
    statuses: [],
  };
  if (!s.token) return { ...base, connection: s.pairing ? 'pairing' : base.connection === 'connected' ? 'disconnected' : base.connection };
  const key = `${base.server}\n${s.token}`;
  const cached = fresh || s.connection !== 'connected' ? null : await cachedMeta(key);
  const age = cached ? Date.now() - cached.at : Infinity;
  if (cached && age < META_MAX_MS) {
    if (age >= META_FRESH_MS) void refreshMeta(key).catch(() => undefined);
    return { ...base, languages: cached.languages, statuses: cached.statuses, connection: 'connected' };
  }
  try {
    return { ...base, ...(await refreshMeta(key)), connection: 'connected' };
  } catch {
    return { ...base, connection: (await get()).connection ?? 'unreachable' };
  }
}

/** The word forms marked well known, one import row each (`form<TAB>99`): tabs and line breaks cannot be in a word. */
const knownRows = (words: string[]) => words.map((w) => `${w.replace(/[\t\r\n]+/g, ' ')}\t99`).join('\n');

/** On ↔ off for the tab's site (the keyboard shortcut), then the tab's content script applies it. */
async function toggleSite(tabId: number): Promise<SiteSettings> {
  const tab = await chrome.tabs.get(tabId);
  if (!tab.url || !/^https?:/.test(tab.url)) throw new Refused(400, t('ext.badPath'));
  const host = new URL(tab.url).hostname;
  const settings = { ...(await site(host)), enabled: !(await site(host)).enabled };
  await chrome.storage.local.set({ [siteKey(host)]: settings });
  await chrome.tabs.sendMessage(tabId, { kind: 'apply', settings }).catch(() => undefined);
  return settings;
}

const siteKey = (host: string) => `site:${host}`;
async function site(host: string): Promise<SiteSettings> {
  const v = (await chrome.storage.local.get(siteKey(host)))[siteKey(host)] as SiteSettings | undefined;
  return v ?? { enabled: true };
}

/** One handler per request kind, each typed by what it is asked and what it answers (messages.ts). */
const handlers: { [K in keyof BackgroundAnswers]: (req: RequestOf<K>) => Promise<BackgroundAnswers[K]> } = {
  state: (req) => state(req.fresh),
  connect: (req) => connect(req.server, req.browser),
  disconnect: async () => {
    await chrome.storage.local.remove(['token', 'pairing']);
    await forgetMeta();
    await setConnection('disconnected');
    return {};
  },
  site: (req) => site(req.host),
  setSite: async (req) => {
    await chrome.storage.local.set({ [siteKey(req.host)]: req.settings });
    return req.settings;
  },
  annotate: async (req) => {
    // The compact answer: only what colouring needs (a third of the reader view's shape to fetch, parse and message).
    const answer = await call('annotate.blocks', { language_id: req.language_id, blocks: req.blocks, format: 'spans' });
    if (!isSpans(answer)) throw new Refused(502, t('ext.requestFailed', { status: 502 }));
    return answer;
  },
  saveTerm: (req) => (req.multi ? call('reader.multiCreate', req.term) : call('reader.quickTerm', req.term)),
  lookup: (req) => call('dictionaries.lookup', { language_id: req.language_id, term: req.term }),
  translate: (req) => call('translation.translate', { language_id: req.language_id, text: req.text }),
  sendPage: async (req) => {
    const text = await call('texts.create', {
      TxLgID: req.language_id,
      TxTitle: req.title.slice(0, 200) || req.url,
      TxText: req.text,
      TxSourceURI: req.url,
    });
    const { server = DEFAULT_SERVER } = await get();
    await chrome.tabs.create({ url: `${server}/read/${text.TxID}` });
    return { TxID: text.TxID, TxTitle: text.TxTitle };
  },
  markKnown: async (req) => {
    // One call: Lectio's term import with duplicates skipped, so a word that became a term meanwhile keeps its status.
    const r = await call('terms.import', {
      language_id: req.language_id,
      text: knownRows(req.words),
      delimiter: 'tab',
      has_header: false,
      columns: ['term', 'status'],
      duplicates: 'skip',
    });
    return { created: r.created };
  },
  toggleSite: (req) => toggleSite(req.tabId),
  open: async (req) => {
    const { server = DEFAULT_SERVER } = await get();
    if (!req.path.startsWith('/')) throw new Refused(400, t('ext.badPath'));
    await chrome.tabs.create({ url: `${server}${req.path}` });
    return {};
  },
};

const handle = (req: BackgroundRequest): Promise<unknown> => (handlers[req.kind] as (r: BackgroundRequest) => Promise<unknown>)(req);

chrome.runtime.onMessage.addListener((message, sender, sendResponse) => {
  // Only this extension's own scripts (content scripts and the popup); never a page or another extension.
  if (sender.id !== chrome.runtime.id) return false;
  handle(message as BackgroundRequest).then(
    (value) => sendResponse({ ok: true, value } satisfies BackgroundAnswer<unknown>),
    async (err: unknown) =>
      sendResponse({
        ok: false,
        error: err instanceof Error ? err.message : String(err),
        connection: (await get()).connection,
      } satisfies BackgroundAnswer<unknown>),
  );
  return true;
});

chrome.commands?.onCommand.addListener((command, tab) => {
  if (command === TOGGLE_COMMAND && tab?.id !== undefined) void toggleSite(tab.id).catch(() => undefined);
});

// A pairing in progress survives the worker being stopped and started again.
void get().then((s) => {
  if (s.pairing) polling = setTimeout(() => void pollPairing(), POLL_MS);
  if (s.connection) void badge(s.connection);
});
