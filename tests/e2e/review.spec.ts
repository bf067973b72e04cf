import path from 'node:path';
import Database from 'better-sqlite3';
import { test, expect, shot, apiCall } from './fixtures';

const DAY = 86_400_000;
const WORDS = [
  ['Hund', 'dog', 'Der {Hund} bellt laut.'],
  ['Katze', 'cat', 'Die {Katze} schläft.'],
  ['Baum', 'tree', 'Ein alter {Baum} steht dort.'],
  ['Haus', 'house', 'Das {Haus} ist groß.'],
  ['Vogel', 'bird', 'Ein {Vogel} singt.'],
];

test('review five words with the keyboard, in card and table modes', async ({ page, app }) => {
  await page.goto('/');
  await apiCall(page, 'POST', '/api/v1/settings', { key: 'timezone', value: 'UTC' });
  const lang = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'German' });
  const ids: number[] = [];
  for (const [text, tr, sentence] of WORDS)
    ids.push((await apiCall(page, 'POST', '/api/v1/terms', { WoLgID: lang.LgID, WoText: text, WoTranslation: tr, WoSentence: sentence, WoStatus: 1 })).WoID);
  // serve runs on the real clock: let ten days pass for these terms by moving their last status change back.
  const db = new Database(path.join(app.dataDir, 'lectio.db'));
  const setChanged = db.prepare('UPDATE words SET WoStatusChanged = ? WHERE WoID = ?');
  ids.forEach((id, i) => setChanged.run(Date.now() - 10 * DAY + i * 60_000, id));

  await page.goto(`/review?lang=${lang.LgID}`);
  await page.getByRole('tab', { name: 'Term → translation' }).click();
  const card = page.locator('.review-card');
  await expect(card).toContainText('Hund');
  await expect(page.locator('.review-progress')).toContainText('0 done · 5 left');
  await shot(page, 'review-card-front');

  // 1: reveal with Space, answer 3.
  await page.keyboard.press('Space');
  await expect(card).toContainText('dog');
  await shot(page, 'review-card-revealed');
  await page.keyboard.press('3');
  // 2: reveal with Enter, answer 2.
  await expect(card).toContainText('Katze');
  await page.keyboard.press('Enter');
  await page.keyboard.press('2');
  // 3: arrow up without revealing (1 → 2).
  await expect(card).toContainText('Baum');
  await page.keyboard.press('ArrowUp');
  // 4: W for well known.
  await expect(card).toContainText('Haus');
  await page.keyboard.press('w');
  // 5: switch to cloze, the term is masked until revealed; I ignores it.
  await expect(card).toContainText('Vogel');
  await page.getByRole('tab', { name: 'Sentence cloze' }).click();
  await expect(card.locator('.cloze-gap')).toBeVisible();
  await expect(card).not.toContainText('Vogel');
  await shot(page, 'review-cloze');
  await page.keyboard.press('Space');
  await expect(card).toContainText('Vogel');
  await page.keyboard.press('i');

  await expect(page.getByRole('heading', { name: 'Done: 5 terms reviewed' })).toBeVisible();
  await shot(page, 'review-done');
  const statuses = db.prepare(`SELECT WoText, WoStatus FROM words ORDER BY WoID`).all();
  expect(statuses).toEqual([
    { WoText: 'Hund', WoStatus: 3 },
    { WoText: 'Katze', WoStatus: 2 },
    { WoText: 'Baum', WoStatus: 2 },
    { WoText: 'Haus', WoStatus: 99 },
    { WoText: 'Vogel', WoStatus: 98 },
  ]);
  const today = await apiCall(page, 'GET', '/api/v1/activity/today');
  expect(today.termsReviewed).toBe(5);

  // Practise anyway: the learning terms come back once each; the table mode lists them.
  await page.getByRole('button', { name: 'Practise anyway' }).click();
  // Still in cloze mode: Katze (status 2, answered first among the learning terms) comes back masked.
  await expect(card).toHaveAttribute('data-term-id', String(ids[1]));
  await expect(card.locator('.cloze-gap')).toBeVisible();
  await page.keyboard.press('t');
  await expect(page.getByRole('table')).toContainText('Katze');
  await expect(page.getByRole('table')).toContainText('Hund');
  await shot(page, 'review-table');
  await page.getByRole('group', { name: 'Status of Katze' }).getByRole('button', { name: '4' }).click();
  await expect(page.getByRole('table')).not.toContainText('Katze');

  // Dark mode.
  await apiCall(page, 'POST', '/api/v1/settings', { key: 'theme', value: 'dark' });
  ids.forEach((id, i) => setChanged.run(Date.now() - 100 * DAY + i, id));
  db.prepare('UPDATE words SET WoStatus = 2 WHERE WoStatus > 5').run();
  await page.goto(`/review?lang=${lang.LgID}`);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.getByRole('tab', { name: 'Translation → term' }).click();
  await expect(card).toBeVisible();
  await page.keyboard.press('Space');
  await expect(card.locator('.review-answer')).toBeVisible();
  await page.waitForTimeout(300); // let the reveal animation finish before the screenshot
  await shot(page, 'review-dark-revealed');
  db.close();
});

test('a term the caller does not own answers "Word not found"', async ({ page }) => {
  await page.goto('/review');
  const res = await page.request.put('/api/v1/review/status', {
    data: { term_id: 987654, status: 3 },
    headers: { 'X-CSRF-TOKEN': (await page.locator('meta[name="csrf-token"]').getAttribute('content')) ?? '' },
  });
  expect(res.status()).toBe(404);
  expect((await res.json()).error).toBe('Word not found');
});
