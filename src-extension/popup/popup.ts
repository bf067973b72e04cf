// Runs in: the extension's popup. Connect (pairing), the site's language and on/off, the page's counts (words,
// unknown, known %), "Send the page to Lectio", and a line when Lectio is unreachable or refused the token.
// Built from elements and text nodes only.
import { t } from '../i18n';
import { ask, type MarkedKnown, type PageCounts, type SentPage, type SiteSettings } from '../messages';

const app = document.getElementById('app')!;
const browserName = navigator.userAgent.includes('Firefox') ? 'Firefox' : 'Chromium';

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Record<string, string> = {}, text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

async function activeTab(): Promise<{ id: number; host: string } | null> {
  // popup.html?tab=<id> shows another tab's page (the popup opened as a page, as the e2e test does).
  const named = Number(new URLSearchParams(location.search).get('tab'));
  const [tab] = named ? [await chrome.tabs.get(named)] : await chrome.tabs.query({ active: true, currentWindow: true });
  if (!tab?.id || !tab.url || !/^https?:/.test(tab.url)) return null;
  return { id: tab.id, host: new URL(tab.url).hostname };
}

async function render(): Promise<void> {
  const state = await ask({ kind: 'state', fresh: true });
  app.replaceChildren(el('h1', {}, t('ext.name', { browser: browserName })));
  if (state.connection !== 'connected') {
    const line =
      state.connection === 'pairing'
        ? t('ext.waiting', { code: state.code ?? '' })
        : state.connection === 'reconnect'
          ? t('ext.reconnect')
          : state.connection === 'unreachable'
            ? t('ext.unreachable', { server: state.server })
            : state.connection === 'denied'
              ? t('ext.denied')
              : state.connection === 'expired'
                ? t('ext.expired')
                : t('ext.disconnected');
    app.appendChild(
      el(
        'p',
        { class: `line ${state.connection === 'reconnect' || state.connection === 'unreachable' ? 'warn' : ''}`, 'data-connection': state.connection },
        line,
      ),
    );
    if (state.connection === 'pairing' && state.code) app.appendChild(el('p', { class: 'code' }, state.code));
    const label = el('label', { for: 'server' }, t('ext.server'));
    const server = el('input', { id: 'server', type: 'url' });
    server.value = state.server;
    const connect = el('button', { type: 'button' }, t('ext.connect'));
    connect.addEventListener('click', async () => {
      await ask({ kind: 'connect', server: server.value, browser: browserName }).catch(() => undefined);
      await render();
      const timer = setInterval(async () => {
        const s = await ask({ kind: 'state' });
        if (s.connection !== 'pairing') {
          clearInterval(timer);
          await render();
        }
      }, 1000);
    });
    app.append(label, server, connect);
    return;
  }
  app.appendChild(el('p', { class: 'line', 'data-connection': 'connected' }, t('ext.connected')));
  const tab = await activeTab();
  if (!tab) return;
  const site = await ask({ kind: 'site', host: tab.host });
  const counts = await chrome.tabs.sendMessage<PageCounts>(tab.id, { kind: 'counts' }).catch(() => null);

  const langLabel = el('label', { for: 'lang' }, t('ext.language'));
  const select = el('select', { id: 'lang' });
  select.appendChild(el('option', { value: '' }, t('ext.noLanguage')));
  for (const l of state.languages) select.appendChild(el('option', { value: String(l.LgID) }, l.LgName));
  select.value = String(site.languageId ?? counts?.languageId ?? '');
  const toggle = el('label', { class: 'toggle' });
  const onOff = el('input', { type: 'checkbox', id: 'onoff' });
  onOff.checked = site.enabled;
  toggle.append(onOff, document.createTextNode(t('ext.onThisSite')));
  const apply = async () => {
    const settings: SiteSettings = { enabled: onOff.checked, languageId: select.value ? Number(select.value) : undefined };
    await ask({ kind: 'setSite', host: tab.host, settings });
    await chrome.tabs.sendMessage(tab.id, { kind: 'apply', settings }).catch(() => undefined);
    await render();
  };
  select.addEventListener('change', () => void apply());
  onOff.addEventListener('change', () => void apply());
  app.append(langLabel, select, toggle);

  if (counts?.active) {
    const box = el('div', { class: 'counts' });
    for (const [key, value] of [
      ['ext.words', String(counts.words)],
      ['ext.unknown', String(counts.unknown)],
      ['ext.knownPct', `${counts.known_pct} %`],
    ] as const) {
      const d = el('div', { 'data-count': key });
      d.append(el('b', {}, value), document.createTextNode(t(key)));
      box.appendChild(d);
    }
    app.appendChild(box);
    app.appendChild(
      el(
        'p',
        { class: 'coverage', 'data-n95': String(counts.n95) },
        counts.n95 === 0 ? t('ext.coverageReached') : t('ext.coverage', { n95: counts.n95, n98: counts.n98 }),
      ),
    );
    if (counts.unknown > 0) app.appendChild(markKnownBox(tab.id, counts.unknown));
  }
  const send = el('button', { type: 'button', class: 'secondary' }, t('ext.sendPage'));
  const note = el('p', { class: 'muted', role: 'status' });
  send.addEventListener('click', async () => {
    const r = await chrome.tabs
      .sendMessage<{ ok: true; value: SentPage } | { ok: false; error?: string }>(tab.id, { kind: 'sendPage' })
      .catch((e: unknown) => ({ ok: false as const, error: String(e) }));
    // A failure in the error colour, with its reason.
    note.className = r.ok ? 'muted' : 'error';
    note.setAttribute('role', r.ok ? 'status' : 'alert');
    note.textContent = r.ok ? t('ext.sent', { title: r.value.TxTitle }) : t('ext.sendFailed', { reason: r.error ?? '' });
  });
  app.append(send, note);
}

/**
 * "Mark the rest of this page known": asks first, naming the count (the page's distinct words with no term), then one
 * request; the page recolours and the counts are read again.
 */
function markKnownBox(tabId: number, unknown: number): HTMLElement {
  const box = el('div', { class: 'mark-known' });
  const start = el('button', { type: 'button', class: 'secondary', 'data-action': 'mark-known' }, t('ext.markKnown'));
  start.addEventListener('click', () => {
    const question = el('p', { class: 'confirm' }, t('ext.markKnownConfirm', { count: unknown }));
    const yes = el('button', { type: 'button', 'data-action': 'mark-known-yes' }, t('ext.markKnownYes', { count: unknown }));
    const no = el('button', { type: 'button', class: 'secondary' }, t('ext.cancel'));
    no.addEventListener('click', () => box.replaceChildren(start));
    yes.addEventListener('click', async () => {
      yes.disabled = true;
      const r = await chrome.tabs
        .sendMessage<{ ok: true; value: MarkedKnown } | { ok: false; error?: string }>(tabId, { kind: 'markKnown' })
        .catch((e: unknown) => ({ ok: false as const, error: String(e) }));
      if (!r.ok) {
        box.replaceChildren(start, el('p', { class: 'error', role: 'alert' }, t('ext.markKnownFailed', { reason: r.error ?? '' })));
        return;
      }
      await render();
      app.appendChild(el('p', { class: 'muted', role: 'status', 'data-marked': String(r.value.words) }, t('ext.markedKnown', { count: r.value.words })));
    });
    box.replaceChildren(question, yes, no);
    yes.focus();
  });
  box.append(start);
  return box;
}

void render();
