// Runs in: Playwright (Chromium). The reading flow of issue 19: one key per word on a Spanish text without the
// mouse (j, 3, Enter, typing, Shift+Enter, Enter, i, w), a status button click saving at once, "known up to here",
// dictionary senses one by one, Japanese readings and furigana, a hard-wrapped text reflowed on import.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { test, expect, shot, apiCall, dropFile, FIXTURES, hasFixtures } from './fixtures';

const fixtureText = (name: string) => fs.readFileSync(path.join(FIXTURES, 'texts', name), 'utf8');
const sha = (s: string) => createHash('sha256').update(s.toLowerCase(), 'utf8').digest('hex');

async function spanishText(page: import('@playwright/test').Page, text: string) {
  await page.goto('/');
  const es = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'Spanish' });
  const t = await apiCall(page, 'POST', '/api/v1/texts', { TxLgID: es.LgID, TxTitle: 'El gato', TxText: text });
  return { es, t };
}

async function termsOf(page: import('@playwright/test').Page, lgId: number): Promise<Record<string, { WoStatus: number; WoTranslation: string }>> {
  const list = await apiCall(page, 'GET', `/api/v1/terms?language_id=${lgId}&per_page=100`);
  return Object.fromEntries((list.terms as never[]).map((t: { WoTextLC: string; WoStatus: number; WoTranslation: string }) => [t.WoTextLC, t]));
}

test('j / 3 / Enter / typing / Shift+Enter / Enter / i / w: a Spanish text read without the mouse', async ({ page }) => {
  const { es, t } = await spanishText(page, 'El gato come pescado. El perro duerme mucho en la casa.');
  await page.goto(`/read/${t.TxID}`);
  const w = (word: string) => page.locator(`.reader-text .w[data_hex="${sha(word)}"]`).first();
  await expect(w('gato')).toBeVisible();
  const panel = page.getByRole('complementary', { name: 'Word panel' });

  await page.keyboard.press('j');
  await expect(panel.locator('.word-panel-word')).toHaveText('El');
  await expect(w('el')).toHaveClass(/selected/);
  // The caret is not in a field: the number key is a status key even though the panel is open.
  await page.keyboard.press('3');
  await expect(page.locator(`.reader-text .w[data_hex="${sha('el')}"]`)).toHaveCount(2);
  await expect(page.locator(`.reader-text .w[data_hex="${sha('el')}"]`).nth(1)).toHaveAttribute('data-status', '3');
  // Moved on to the next unknown word.
  await expect(panel.locator('.word-panel-word')).toHaveText('gato');
  await expect(w('gato')).toHaveClass(/selected/);

  // Enter edits: the caret goes into Translation; Enter there saves (status 1) and moves on.
  await page.keyboard.press('Enter');
  await expect(panel.getByLabel('Translation')).toBeFocused();
  await page.keyboard.type('**cat**, a small *feline* that likes to eat fish');
  await shot(page, 'reading-flow-typing');
  await page.keyboard.press('Enter');
  await expect(w('gato')).toHaveAttribute('data-status', '1');
  // The hint renders the markdown subset (no raw **) and ends with an ellipsis when cut.
  await expect(w('gato')).toHaveAttribute('data-hint', 'cat, a small feline that likes to eat…');
  await expect(panel.locator('.word-panel-word')).toHaveText('come');

  await page.keyboard.press('i');
  await expect(w('come')).toHaveAttribute('data-status', '98');
  await expect(panel.locator('.word-panel-word')).toHaveText('pescado');
  await page.keyboard.press('w');
  await expect(w('pescado')).toHaveAttribute('data-status', '99');
  // "El" is known now: the next unknown word is "perro".
  await expect(panel.locator('.word-panel-word')).toHaveText('perro');

  // Shift+Enter makes a new line in the field; Enter saves the two lines.
  await page.keyboard.press('Enter');
  await page.keyboard.type('dog');
  await page.keyboard.press('Shift+Enter');
  await page.keyboard.type('hound');
  await expect(panel.getByLabel('Translation')).toHaveValue('dog\nhound');
  await page.keyboard.press('Enter');
  await expect(w('perro')).toHaveAttribute('data-status', '1');
  await expect(w('perro')).toHaveAttribute('data-hint', 'dog hound');
  await expect(panel.locator('.word-panel-word')).toHaveText('duerme');
  await shot(page, 'reading-flow-after-keys');

  const terms = await termsOf(page, es.LgID);
  expect(terms['el'].WoStatus).toBe(3);
  expect(terms['gato']).toMatchObject({ WoStatus: 1, WoTranslation: '**cat**, a small *feline* that likes to eat fish' });
  expect(terms['come'].WoStatus).toBe(98);
  expect(terms['pescado'].WoStatus).toBe(99);
  expect(terms['perro']).toMatchObject({ WoStatus: 1, WoTranslation: 'dog\nhound' });
  expect(terms['duerme']).toBeUndefined();

  // The ? overlay opens over the text and lists the keys; the option switches moving on off.
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  await expect(help).toContainText('Shift+Enter');
  await shot(page, 'reading-flow-help');
  await help.getByLabel('Move to the next unknown word after setting a status').uncheck();
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
  await page.keyboard.press('2');
  await expect(w('duerme')).toHaveAttribute('data-status', '2');
  await expect(panel.locator('.word-panel-word')).toHaveText('duerme');

  // A status button in the panel saves at once (no Save needed).
  await panel.getByRole('radio', { name: '4' }).click();
  await expect(w('duerme')).toHaveAttribute('data-status', '4');
  expect((await termsOf(page, es.LgID))['duerme'].WoStatus).toBe(4);
});

test('"Known up to here" marks the unknown words up to the selected one; a dictionary sense is taken alone', async ({ page }) => {
  const { es, t } = await spanishText(page, 'El gato come pescado. El perro duerme mucho en la casa.');
  // A small dictionary: the entry of "perro" holds two senses and a part-of-speech line, as StarDict HTML.
  const csv = 'perro,"<div><font color=""green"">noun</font></div><ol><li>dog</li><li>hound (hunting)</li></ol>"\n';
  const uploaded = await page.evaluate(
    async ({ csv, lg }) => {
      const form = new FormData();
      form.append('language_id', String(lg));
      form.append('LdName', 'Tiny es-en');
      form.append('file', new File([csv], 'tiny.csv', { type: 'text/csv' }));
      const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
      const res = await fetch('/api/v1/local-dictionaries/upload', { method: 'POST', body: form, headers: { 'X-CSRF-TOKEN': token } });
      return { status: res.status, body: await res.json() };
    },
    { csv, lg: es.LgID },
  );
  expect(uploaded.status).toBe(200);

  await page.goto(`/read/${t.TxID}`);
  const w = (word: string) => page.locator(`.reader-text .w[data_hex="${sha(word)}"]`).first();
  const known = page.getByRole('button', { name: 'Known up to here' });
  await expect(known).toBeDisabled();
  await w('pescado').click();
  await known.click();
  await page.getByRole('button', { name: 'Mark known' }).click();
  await expect(w('pescado')).toHaveAttribute('data-status', '99');
  await expect(w('gato')).toHaveAttribute('data-status', '99');
  await expect(w('perro')).toHaveAttribute('data-status', '0');
  await expect(w('casa')).toHaveAttribute('data-status', '0');
  await shot(page, 'reading-flow-known-up-to-here');

  // Senses: one clickable line each; a click puts just that sense into Translation, a second one appends.
  await w('perro').click();
  const panel = page.getByRole('complementary', { name: 'Word panel' });
  const senses = panel.getByRole('list', { name: 'Senses of perro' }).getByRole('button');
  await expect(senses).toHaveText(['dog', 'hound (hunting)']);
  await shot(page, 'reading-flow-senses');
  await senses.nth(1).click();
  await expect(panel.getByLabel('Translation')).toHaveValue('hound (hunting)');
  await senses.nth(0).click();
  await expect(panel.getByLabel('Translation')).toHaveValue('hound (hunting); dog');
});

test('Japanese: readings in hiragana, romanization pre-filled, furigana above kanji words (a setting per language)', async ({ page }) => {
  test.skip(!hasFixtures, 'needs ../shared/fixtures (the Japanese text)');
  await page.goto('/');
  const ja = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'Japanese' });
  const body = fixtureText('ja_kitakaze_to_taiyou_lute.txt').replace(/^(#.*\r?\n)+/, '');
  const t = await apiCall(page, 'POST', '/api/v1/texts', { TxLgID: ja.LgID, TxTitle: '北風と太陽', TxText: body });
  await page.goto(`/read/${t.TxID}`);
  const kitakaze = page.locator(`.reader-text .w[data_hex="${sha('北風')}"]`).first();
  await expect(kitakaze).toHaveText('北風');
  await expect(page.locator('.reader-text rt')).toHaveCount(0);

  await kitakaze.click();
  const panel = page.getByRole('complementary', { name: 'Word panel' });
  await expect(panel.locator('.word-panel-sub')).toContainText('きたかぜ');
  await expect(panel.getByLabel('Romanization')).toHaveValue('きたかぜ');
  await page.keyboard.press('Escape');

  const toggle = page.getByRole('button', { name: 'Furigana' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(kitakaze.locator('ruby rt')).toHaveText('きたかぜ');
  await expect(page.locator(`.reader-text .w[data_hex="${sha('太陽')}"] rt`).first()).toHaveText('たいよう');
  // Kana-only words get no ruby; the word element still opens the same word.
  const rubyWords = await page.locator('.reader-text .w:has(rt)').evaluateAll((els) => els.map((e) => e.firstChild?.firstChild?.textContent ?? ''));
  expect(rubyWords.every((w) => /\p{Script=Han}/u.test(w))).toBe(true);
  await shot(page, 'reading-flow-furigana');
  // Kept for this language after a reload.
  await page.reload();
  await expect(page.locator(`.reader-text .w[data_hex="${sha('北風')}"] rt`).first()).toHaveText('きたかぜ');
});

test('a .txt dropped on the New text form fills it for review, hard wraps detected, nothing stored yet (issue 31, item 4)', async ({ page }) => {
  await page.goto('/');
  await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'English' });
  const before = ((await apiCall(page, 'GET', '/api/v1/texts')) as { total: number }).total;
  const wrapped = [
    'It is a truth universally acknowledged, that a single man in possession',
    'of a good fortune, must be in want of a wife. However little known the',
    'feelings or views of such a man may be on his first entering a',
    'neighbourhood, this truth is so well fixed in the minds of the families.',
    '',
    '"My dear Mr. Bennet," said his lady to him one day, "have you heard that',
    'Netherfield Park is let at last?"',
    '',
  ].join('\n');
  await page.goto('/texts/new');
  await page.getByLabel('Language', { exact: true }).selectOption({ label: 'English' });
  await dropFile(page, '.text-form', 'Pride and Prejudice.txt', Buffer.from(wrapped, 'utf8'));
  await expect(page.getByLabel('Title')).toHaveValue('Pride and Prejudice');
  await expect(page.getByLabel('Text', { exact: true })).toHaveValue(wrapped);
  await expect(page.getByLabel('Join wrapped lines')).toBeChecked();
  expect(((await apiCall(page, 'GET', '/api/v1/texts')) as { total: number }).total).toBe(before);
  await shot(page, 'reading-flow-dropped-txt');
  await page.getByRole('button', { name: 'Save and read' }).click();
  await expect(page).toHaveURL(/\/read\/\d+$/);
  await expect(page.locator('.reader-text p')).toHaveCount(2);
});

test('a Gutenberg-style hard-wrapped text is detected on the New text form and reflowed', async ({ page }) => {
  await page.goto('/');
  await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'English' });
  const wrapped = [
    'It is a truth universally acknowledged, that a single man in possession',
    'of a good fortune, must be in want of a wife.',
    '',
    'However little known the feelings or views of such a man may be on his',
    'first entering a neighbourhood, this truth is so well fixed in the minds',
    'of the surrounding families, that he is considered the rightful property',
    'of some one or other of their daughters.',
    '',
    '"My dear Mr. Bennet," said his lady to him one day, "have you heard that',
    'Netherfield Park is let at last?"',
    '',
  ].join('\n');
  await page.goto('/texts/new');
  await page.getByLabel('Language', { exact: true }).selectOption({ label: 'English' });
  await page.getByLabel('Title').fill('Pride and Prejudice, chapter 1');
  const join = page.getByLabel('Join wrapped lines');
  await page.getByLabel('Text', { exact: true }).fill('A short text.\nWith two lines.');
  await expect(join).not.toBeChecked();
  await page.getByLabel('Text', { exact: true }).fill(wrapped);
  await expect(join).toBeChecked();
  await expect(page.locator('.join-lines')).toContainText('looks hard-wrapped');
  await shot(page, 'reading-flow-wrapped-form');
  await page.getByRole('button', { name: 'Save and read' }).click();
  await expect(page).toHaveURL(/\/read\/\d+$/);
  const paragraphs = page.locator('.reader-text p');
  await expect(paragraphs).toHaveCount(3);
  await expect(paragraphs.nth(0)).toHaveText(
    'It is a truth universally acknowledged, that a single man in possession of a good fortune, must be in want of a wife.',
  );
  await shot(page, 'reading-flow-wrapped-read');
  // The example sentence in the panel holds the whole sentence.
  await page.locator(`.reader-text .w[data_hex="${sha('fortune')}"]`).click();
  await expect(page.getByRole('complementary', { name: 'Word panel' }).getByLabel('Example sentence')).toHaveValue(
    'It is a truth universally acknowledged, that a single man in possession of a good {fortune}, must be in want of a wife.',
  );
});

test('speech: hidden without a voice; with a Spanish voice the panel button and s / Shift+S read the word and the sentence', async ({ page }) => {
  const { t } = await spanishText(page, 'El gato come pescado. El perro duerme.');
  await page.goto(`/read/${t.TxID}`);
  await page
    .locator(`.reader-text .w[data_hex="${sha('gato')}"]`)
    .first()
    .click();
  const panel = page.getByRole('complementary', { name: 'Word panel' });
  await expect(panel.locator('.word-panel-word')).toHaveText('gato');
  // Headless Chromium has no system voice: no speech button.
  if ((await page.evaluate(() => speechSynthesis.getVoices().length)) === 0) await expect(panel.getByRole('button', { name: /Speak/ })).toHaveCount(0);

  // A stand-in system voice (the page's Web Speech API, recorded instead of played).
  await page.addInitScript(() => {
    const spoken: { text: string; lang: string }[] = [];
    (window as unknown as { spoken: typeof spoken }).spoken = spoken;
    const voice = { name: 'Test Español', lang: 'es-ES', default: true, localService: true, voiceURI: 'test-es' };
    class Utterance {
      voice: unknown = null;
      lang = '';
      constructor(public text: string) {}
    }
    Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: Utterance });
    const synth = new EventTarget() as EventTarget & Record<string, unknown>;
    synth.getVoices = () => [voice];
    synth.cancel = () => undefined;
    synth.speak = (u: Utterance) => spoken.push({ text: u.text, lang: u.lang });
    Object.defineProperty(window, 'speechSynthesis', { value: synth });
  });
  await page.reload();
  await page
    .locator(`.reader-text .w[data_hex="${sha('gato')}"]`)
    .first()
    .click();
  await panel.getByRole('button', { name: 'Speak the word (S)' }).click();
  await shot(page, 'reading-flow-speech');
  await page.keyboard.press('s');
  await page.keyboard.press('Shift+S');
  const spoken = await page.evaluate(() => (window as unknown as { spoken: { text: string; lang: string }[] }).spoken);
  expect(spoken).toEqual([
    { text: 'gato', lang: 'es-ES' },
    { text: 'gato', lang: 'es-ES' },
    { text: 'El gato come pescado.', lang: 'es-ES' },
  ]);
});
