// Runs in: the extension's background service worker. The only part that talks to Lectio: it holds the server
// address and the token (chrome.storage.local, never the page's world), pairs, and forwards the content scripts'
// and the popup's requests to /api/v1 with the token. Unreachable → a quiet badge; 401/403 → "reconnect" once.
import type { AnnotateSpans } from '../src-shared/contract/extension';
import type { StatusDefinition } from '../src-shared/contract/status';
import type { BackgroundAnswer, BackgroundRequest, Connection, ExtensionState, SiteSettings } from './messages';

export const DEFAULT_SERVER = 'http://127.0.0.1:5170';
const POLL_MS = 1500;

interface Stored {
  server?: string;
  token?: string;
  connection?: Connection;
  pairing?: { id: string; secret: string; code: string; expires: number };
}

const get = async (): Promise<Stored> => (await chrome.storage.local.get(['server', 'token', 'connection', 'pairing'])) as Stored;
const set = (s: Partial<Stored>) => chrome.storage.local.set(s as Record<string, unknown>);

class Refused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function badge(connection: Connection): Promise<void> {
  const text = connection === 'unreachable' ? '×' : connection === 'reconnect' ? '!' : '';
  await chrome.action.setBadgeBackgroundColor({ color: connection === 'reconnect' ? '#b5402e' : '#777777' });
  await chrome.action.setBadgeText({ text });
}

async function setConnection(connection: Connection): Promise<void> {
  await set({ connection });
  await badge(connection);
}

/** A call to /api/v1 with the token; classifies failures (unreachable, refused token) for the badge and popup. */
async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const { server = DEFAULT_SERVER, token, connection } = await get();
  if (!token) throw new Refused(401, 'not connected');
  let res: Response;
  try {
    res = await fetch(`${server}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'omit',
    });
  } catch {
    await setConnection('unreachable');
    throw new Refused(0, 'unreachable');
  }
  const json = (await res.json().catch(() => ({}))) as { error?: string; code?: string } & T;
  if (res.status === 401 || (res.status === 403 && !json.code?.startsWith('pairing.'))) {
    // Once: the token is forgotten, the popup says "reconnect"; later requests do not try again.
    await chrome.storage.local.remove('token');
    await setConnection('reconnect');
    throw new Refused(res.status, json.error ?? 'refused');
  }
  // The state read before the request: one storage round trip per call, not two (every annotate and save pays it).
  if (connection !== 'connected') await setConnection('connected');
  if (!res.ok) throw new Refused(res.status, json.error ?? `HTTP ${res.status}`);
  return json;
}

/** Pairing calls carry no token and no cookie: Lectio checks their Origin (this extension's). */
async function openPost<T>(server: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${server}/api/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    credentials: 'omit',
  });
  const json = (await res.json()) as T & { error?: string };
  if (!res.ok) throw new Refused(res.status, json.error ?? `HTTP ${res.status}`);
  return json;
}

let polling: ReturnType<typeof setTimeout> | undefined;
async function pollPairing(): Promise<void> {
  polling = undefined;
  const { server = DEFAULT_SERVER, pairing } = await get();
  if (!pairing) return;
  try {
    const r = await openPost<{ status: string; token?: string }>(server, '/pairing/poll', { id: pairing.id, secret: pairing.secret });
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
  if (!/^https?:\/\/[^/]+$/.test(base)) throw new Refused(400, 'bad address');
  await set({ server: base });
  let made: { id: string; secret: string; code: string; expires_at: number };
  try {
    made = await openPost(base, '/pairing', { name: `Lectio for ${browser}` });
  } catch (err) {
    if (err instanceof Refused) throw err;
    await setConnection('unreachable');
    throw new Refused(0, 'unreachable');
  }
  await set({ pairing: { id: made.id, secret: made.secret, code: made.code, expires: made.expires_at }, connection: 'pairing' });
  await badge('pairing');
  // In multi-user mode the request is shown on the page that names it; the desktop app shows it by itself.
  if (!base.startsWith('http://127.0.0.1') && !base.startsWith('http://localhost')) await chrome.tabs.create({ url: `${base}/?pair=${made.id}` });
  if (polling) clearTimeout(polling);
  polling = setTimeout(() => void pollPairing(), POLL_MS);
  return { code: made.code };
}

async function state(): Promise<ExtensionState> {
  const s = await get();
  const base: ExtensionState = {
    server: s.server ?? DEFAULT_SERVER,
    connection: s.connection ?? 'disconnected',
    code: s.pairing?.code,
    languages: [],
    statuses: [],
  };
  if (!s.token) return { ...base, connection: s.pairing ? 'pairing' : base.connection === 'connected' ? 'disconnected' : base.connection };
  try {
    const languages = await call<ExtensionState['languages']>('GET', '/languages');
    const statuses = await call<StatusDefinition[]>('GET', '/settings/status-definitions');
    const meta = {
      languages: languages.map(({ LgID, LgName, LgIsoCode, LgRightToLeft }) => ({ LgID, LgName, LgIsoCode, LgRightToLeft })),
      statuses: statuses.map(({ status, color, colorDark, name, abbreviation }) => ({ status, color, colorDark, name, abbreviation })),
    };
    return { ...base, ...meta, connection: 'connected' };
  } catch {
    return { ...base, connection: (await get()).connection ?? 'unreachable' };
  }
}

const siteKey = (host: string) => `site:${host}`;
async function site(host: string): Promise<SiteSettings> {
  const v = (await chrome.storage.local.get(siteKey(host)))[siteKey(host)] as SiteSettings | undefined;
  return v ?? { enabled: true };
}

async function handle(req: BackgroundRequest): Promise<unknown> {
  switch (req.kind) {
    case 'state':
      return state();
    case 'connect':
      return connect(req.server, req.browser);
    case 'disconnect':
      await chrome.storage.local.remove(['token', 'pairing']);
      await setConnection('disconnected');
      return {};
    case 'site':
      return site(req.host);
    case 'setSite':
      await chrome.storage.local.set({ [siteKey(req.host)]: req.settings });
      return req.settings;
    case 'annotate':
      // The compact answer: only what colouring needs (a third of the reader view's shape to fetch, parse and message).
      return call<AnnotateSpans>('POST', '/annotate', { language_id: req.language_id, blocks: req.blocks, format: 'spans' });
    case 'saveTerm':
      return call('POST', req.multi ? '/terms/multi' : '/terms/quick', req.term);
    case 'lookup':
      return call('GET', `/local-dictionaries/lookup?language_id=${req.language_id}&term=${encodeURIComponent(req.term)}`);
    case 'sendPage': {
      const text = await call<{ TxID: number }>('POST', '/texts', {
        TxLgID: req.language_id,
        TxTitle: req.title.slice(0, 200) || req.url,
        TxText: req.text,
        TxSourceURI: req.url,
      });
      const { server = DEFAULT_SERVER } = await get();
      await chrome.tabs.create({ url: `${server}/read/${text.TxID}` });
      return text;
    }
    case 'open': {
      const { server = DEFAULT_SERVER } = await get();
      if (!req.path.startsWith('/')) throw new Refused(400, 'bad path');
      await chrome.tabs.create({ url: `${server}${req.path}` });
      return {};
    }
  }
}

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

// A pairing in progress survives the worker being stopped and started again.
void get().then((s) => {
  if (s.pairing) polling = setTimeout(() => void pollPairing(), POLL_MS);
  if (s.connection) void badge(s.connection);
});
