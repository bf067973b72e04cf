// The library's coverage column and sort (issue 50), in Chromium: three texts, "dog" known, sorted by "Most words
// known" the text with the most known running words comes first with its share in the Known column; the reader's
// header says the open text's share and the words to learn for 95 %, on a line that keeps its height while the
// figure loads. Screenshots at 1280×800, 1366×768 and 360×740 (none scrolls sideways).
import { test, expect, shot, shotAtEachSize, apiCall } from './fixtures';

// 10 running words each: "dog" 4 times in Dogs, twice in Some dogs, never in Cats.
const TEXTS: [string, string][] = [
  ['Dogs', 'Dog dog cat. Dog sun dog sea. Red big old.'],
  ['Cats', 'Cat sun sea red big. Old new hot fox owl.'],
  ['Some dogs', 'Dog cat sun sea red. Big old new dog hot.'],
];

test('the library sorts texts by the share of running words known, and the reader says the text’s', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const english = (await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'English', LgIsoCode: 'en' })).LgID;
  const ids: number[] = [];
  for (const [title, text] of TEXTS) ids.push((await apiCall(page, 'POST', '/api/v1/texts', { TxLgID: english, TxTitle: title, TxText: text })).TxID);
  await apiCall(page, 'POST', '/api/v1/terms', { WoLgID: english, WoText: 'dog', WoStatus: 5 });

  await page.goto('/texts');
  const table = page.locator('table.library-table');
  await expect(table.locator('tbody tr')).toHaveCount(3);
  await page.getByLabel('Sort').selectOption({ label: 'Most words known' });
  const titles = table.locator('tbody tr .library-title');
  await expect(titles).toHaveText(['Dogs', 'Some dogs', 'Cats']);
  const known = table.locator('tbody td.library-known');
  await expect(known).toHaveText(['40%', '20%', '0%']);
  await expect(known.first()).toHaveAttribute('title', '4 of 10 running words known (a word met twice counts twice)');
  await shotAtEachSize(page, 'library-coverage-sorted');

  // The reader's header: 4 of 10 known; dog is known, the six others are needed for 95 % of 10.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/read/${ids[0]}`);
  const subtitle = page.locator('.reader-title > span');
  await expect(page.getByTestId('text-coverage')).toHaveText(' · 40% known · 6 words to learn for 95 %');
  await expect(subtitle).toContainText('English');
  await shot(page, 'reader-text-coverage');
  await page.setViewportSize({ width: 360, height: 740 });
  await shot(page, 'reader-text-coverage-360');
});
