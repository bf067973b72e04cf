// Runs in: Playwright (Chromium). The word panel of issue 19, second part: leaving it with unsaved edits asks
// (or saves, by the setting) and never loses them; the language's web dictionaries open inside the panel (a
// fake dictionary site on 127.0.0.1 that allows framing) or in a new tab (one that forbids it), labelled by
// their host, with "Translate" for the sentence.
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { test as base, expect, shot, apiCall, startServe, stopServe, type LectioServer } from './fixtures';

const sha = (s: string) => createHash('sha256').update(s.toLowerCase(), 'utf8').digest('hex');

interface FakeDictionary {
  url: string;
  hits: string[];
  close(): Promise<void>;
}

/** A dictionary site: /<anything>/<word> is the word's entry; with `deny` every answer has X-Frame-Options: DENY. */
async function startFakeDictionary(deny = false): Promise<FakeDictionary> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    const word = decodeURIComponent((req.url ?? '').split('/').pop() ?? '');
    const headers: http.OutgoingHttpHeaders = { 'Content-Type': 'text/html; charset=utf-8' };
    if (deny) headers['X-Frame-Options'] = 'DENY';
    res.writeHead(200, headers);
    res.end(`<!doctype html><title>Fake dictionary</title><h1 id="entry">Entry for ${word.replace(/[<&]/g, '')}</h1><p>noun: a definition</p>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const test = base.extend<{ dict: FakeDictionary; denying: FakeDictionary; server: LectioServer }>({
  // eslint-disable-next-line no-empty-pattern
  dict: async ({}, use) => {
    const dict = await startFakeDictionary();
    await use(dict);
    await dict.close();
  },
  // eslint-disable-next-line no-empty-pattern
  denying: async ({}, use) => {
    const dict = await startFakeDictionary(true);
    await use(dict);
    await dict.close();
  },
  // The deliberate CLI switch that lets the app's outbound fetch reach the fake site on 127.0.0.1.
  // eslint-disable-next-line no-empty-pattern
  server: async ({}, use) => {
    const server = await startServe({}, ['--allow-outbound-host', '127.0.0.1']);
    await use(server);
    await stopServe(server);
  },
});

async function spanishText(page: import('@playwright/test').Page, language: Record<string, string> = {}) {
  await page.goto('/');
  const es = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'Spanish', ...language });
  const t = await apiCall(page, 'POST', '/api/v1/texts', { TxLgID: es.LgID, TxTitle: 'El gato', TxText: 'El gato come pescado. El perro duerme.' });
  return { es, t };
}

const termsOf = async (page: import('@playwright/test').Page, lgId: number) => {
  const list = await apiCall(page, 'GET', `/api/v1/terms?language_id=${lgId}&per_page=100`);
  return Object.fromEntries((list.terms as { WoTextLC: string; WoTranslation: string; WoStatus: number }[]).map((t) => [t.WoTextLC, t]));
};

test('leaving the word panel with unsaved edits asks (Save / Discard / stay), or saves by the setting', async ({ page }) => {
  const { es, t } = await spanishText(page);
  await page.goto(`/read/${t.TxID}`);
  const w = (word: string) => page.locator(`.reader-text .w[data_hex="${sha(word)}"]`).first();
  const panel = page.getByRole('complementary', { name: 'Word panel' });
  const dialog = page.getByRole('dialog', { name: /Save your edits/ });

  await w('gato').click();
  await panel.getByLabel('Translation').fill('cat');
  // Another word: asked; Cancel stays on "gato" with the text as typed.
  await w('perro').click();
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Save your edits of “gato”?');
  await shot(page, 'reading-panel-unsaved-ask');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(panel.locator('.word-panel-word')).toHaveText('gato');
  await expect(panel.getByLabel('Translation')).toHaveValue('cat');

  // Save: the term is saved with the typed translation, then "perro" opens.
  await w('perro').click();
  await dialog.getByRole('button', { name: /^Save/ }).click();
  await expect(panel.locator('.word-panel-word')).toHaveText('perro');
  await expect(w('gato')).toHaveAttribute('data-status', '1');
  expect((await termsOf(page, es.LgID))['gato'].WoTranslation).toBe('cat');

  // Discard: Esc asks too; nothing is saved for "perro".
  await panel.getByLabel('Translation').fill('dog');
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: /^Discard/ }).click();
  await expect(panel).toBeHidden();
  expect((await termsOf(page, es.LgID))['perro']).toBeUndefined();

  // No edits, no question: a unit test of wordPanelModel.ts (leaveChoice).
  await w('pescado').click();
  await expect(panel.locator('.word-panel-word')).toHaveText('pescado');

  // The setting (in the ? overlay): save without asking.
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await help.getByLabel('Unsaved edits').selectOption('save');
  await shot(page, 'reading-panel-unsaved-setting');
  await help.getByRole('button', { name: 'Close (Esc)' }).click();
  await panel.getByLabel('Translation').fill('fish');
  await w('perro').click();
  await expect(panel.locator('.word-panel-word')).toHaveText('perro');
  await expect(dialog).toBeHidden();
  await expect(w('pescado')).toHaveAttribute('data-status', '1');
  expect((await termsOf(page, es.LgID))['pescado'].WoTranslation).toBe('fish');

  // Leaving the reader (another page) with edits: saved, and said so.
  await panel.getByLabel('Translation').fill('dog');
  await page.getByRole('link', { name: '← Library' }).click();
  await expect(page.getByText('Your edits of “perro” were saved')).toBeVisible();
  expect((await termsOf(page, es.LgID))['perro'].WoTranslation).toBe('dog');
});

test('web dictionaries open inside the panel (or a new tab when the site forbids framing), labelled by host; Translate takes the sentence', async ({
  page,
  dict,
  denying,
}) => {
  const { t } = await spanishText(page, {
    LgDict1URI: `${dict.url}/entry/###`,
    LgDict2URI: `${denying.url}/entry/###`,
    LgGoogleTranslateURI: `${denying.url}/translate?q=###`,
  });
  await page.goto(`/read/${t.TxID}`);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const panel = page.getByRole('complementary', { name: 'Word panel' });
  await page
    .locator(`.reader-text .w[data_hex="${sha('gato')}"]`)
    .first()
    .click();
  const host = new URL(dict.url).host.replace(/:\d+$/, '');
  const bar = panel.getByRole('toolbar', { name: 'Web dictionaries' });
  // Labelled by the site, not "Dictionary 1"; both sites share the host here, so both read 127.0.0.1.
  await expect(bar.getByRole('link')).toHaveText([host, host, 'Translate']);
  await expect(bar.getByRole('link', { name: 'Translate' })).toHaveAttribute('href', /\/translate\?q=El%20gato%20come%20pescado\./);

  // The frameable site opens inside the panel, sandboxed, with the word.
  await bar.getByRole('link').nth(0).click();
  const frameEl = panel.locator('.web-dict-frame iframe');
  await expect(frameEl).toHaveAttribute('sandbox', 'allow-scripts allow-forms allow-same-origin allow-popups');
  await expect(panel.frameLocator('.web-dict-frame iframe').locator('#entry')).toHaveText('Entry for gato');
  await shot(page, 'reading-panel-dictionary-frame');

  // The next word follows in the open frame.
  await page.keyboard.press('j');
  await expect(panel.locator('.word-panel-word')).not.toHaveText('gato');
  const next = (await panel.locator('.word-panel-word').textContent())!;
  await expect(panel.frameLocator('.web-dict-frame iframe').locator('#entry')).toHaveText(`Entry for ${next}`);

  // The site that forbids framing: a new tab, and a note saying why.
  const popup = page.waitForEvent('popup');
  await bar.getByRole('link').nth(1).click();
  const tab = await popup;
  await expect(tab.locator('#entry')).toHaveText(`Entry for ${next}`);
  await tab.close();
  await expect(panel.locator('.web-dict-note')).toContainText('X-Frame-Options: DENY');
  await expect(frameEl).toHaveCount(0);
  await shot(page, 'reading-panel-dictionary-denied');
  expect(errors).toEqual([]);
});

test('speech: a voice per language in the language settings (hidden without one), used by the reader', async ({ page }) => {
  // Stand-in system voices (the page's Web Speech API, recorded instead of played): two Spanish, one English.
  await page.addInitScript(() => {
    const spoken: { text: string; voice: string }[] = [];
    (window as unknown as { spoken: typeof spoken }).spoken = spoken;
    const voices = [
      { name: 'Test Español', lang: 'es-ES', default: true, localService: true, voiceURI: 'test-es' },
      { name: 'Test Mexicano', lang: 'es-MX', default: false, localService: true, voiceURI: 'test-mx' },
      { name: 'Test English', lang: 'en-US', default: false, localService: true, voiceURI: 'test-en' },
    ];
    class Utterance {
      voice: { name: string } | null = null;
      lang = '';
      constructor(public text: string) {}
    }
    Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: Utterance });
    const synth = new EventTarget() as EventTarget & Record<string, unknown>;
    synth.getVoices = () => voices;
    synth.cancel = () => undefined;
    synth.speak = (u: Utterance) => spoken.push({ text: u.text, voice: u.voice?.name ?? '' });
    Object.defineProperty(window, 'speechSynthesis', { value: synth });
  });
  const { es, t } = await spanishText(page, { LgIsoCode: 'es' });
  const de = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'German', LgIsoCode: 'de' });

  // German: no voice on this system, so no voice choice (and, without readings, no Reading panel at all).
  await page.goto(`/languages/${de.LgID}/edit`);
  await expect(page.getByRole('button', { name: /Save|Add/ }).last()).toBeVisible();
  await expect(page.getByLabel('Voice')).toHaveCount(0);

  await page.goto(`/languages/${es.LgID}/edit`);
  // The language form has both dictionary links (the word panel shows a button per link).
  await expect(page.getByLabel('Second dictionary link')).toBeVisible();
  const voice = page.getByLabel('Voice');
  await expect(voice.locator('option')).toHaveText(['Default (Test Español)', 'Test Español · es-ES', 'Test Mexicano · es-MX']);
  await voice.selectOption('test-mx');
  await page.getByRole('region', { name: 'Reading' }).scrollIntoViewIfNeeded();
  await shot(page, 'reading-panel-voice-choice');
  await expect.poll(async () => (await apiCall(page, 'GET', '/api/v1/settings'))[`voice.${es.LgID}`]).toBe('test-mx');

  await page.goto(`/read/${t.TxID}`);
  await page
    .locator(`.reader-text .w[data_hex="${sha('gato')}"]`)
    .first()
    .click();
  await page.keyboard.press('s');
  await page.getByRole('complementary', { name: 'Word panel' }).getByRole('button', { name: 'Speak the sentence (Shift+S)' }).click();
  expect(await page.evaluate(() => (window as unknown as { spoken: unknown[] }).spoken)).toEqual([
    { text: 'gato', voice: 'Test Mexicano' },
    { text: 'El gato come pescado.', voice: 'Test Mexicano' },
  ]);
});
