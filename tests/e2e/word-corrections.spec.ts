// Runs in: Playwright (Chromium). Corrections of the Chinese segmenter (issue 46): in the reader the learner joins
// two words into one (a selection, the panel's "Join into one word") and splits another (key C or the toolbar's
// More → "Join or split words", the cut chosen between its characters, Enter); both show at once, and in a second
// text of the language; the language's settings list them, and Remove gives the word back to the segmenter.
import { createHash } from 'node:crypto';
import { test, expect, shot, shotAtEachSize, apiCall } from './fixtures';

const sha = (s: string) => createHash('sha256').update(s.toLowerCase(), 'utf8').digest('hex');

test('a learner joins two words and splits another; both fixes show in a second text and are listed in the settings', async ({ page }) => {
  await page.goto('/');
  const zh = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'Chinese (Simplified)' });
  const first = await apiCall(page, 'POST', '/api/v1/texts', { TxLgID: zh.LgID, TxTitle: '乒乓球', TxText: '乒乓球拍卖完了。我喜欢乒乓球。' });
  const second = await apiCall(page, 'POST', '/api/v1/texts', { TxLgID: zh.LgID, TxTitle: '他', TxText: '他也喜欢打乒乓球。' });

  await page.goto(`/read/${first.TxID}`);
  const word = (w: string) => page.locator(`.reader-text .w[data_hex="${sha(w)}"]`).first();
  await expect(word('乒乓')).toHaveText('乒乓');
  await expect(word('球')).toHaveText('球');

  // Join: select 乒乓 and 球 (click, Shift+click); the panel offers "Join into one word".
  await word('乒乓').click();
  await word('球').click({ modifiers: ['Shift'] });
  const panel = page.getByRole('complementary', { name: 'Word panel' });
  const join = panel.getByRole('button', { name: /Join into one word/ });
  await expect(join).toBeVisible();
  await shot(page, 'word-corrections-join-offered');
  await join.click();
  await expect(word('乒乓球')).toHaveText('乒乓球');
  await expect(page.locator(`.reader-text .w[data_hex="${sha('乒乓球')}"]`)).toHaveCount(2);
  await expect(page.locator(`.reader-text .w[data_hex="${sha('乒乓')}"]`)).toHaveCount(0);

  // Split: open 喜欢, key C shows its characters with the one cut chosen (Esc puts it away); the toolbar's More menu
  // item does the same; Enter splits.
  await word('喜欢').click();
  await page.keyboard.press('c');
  const chooser = panel.getByRole('group', { name: /Click between characters/ });
  await expect(chooser).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(chooser).toHaveCount(0);
  await expect(panel).toBeVisible();
  await page.locator('.reader-toolbar summary', { hasText: 'More' }).click();
  await page.locator('.reader-toolbar').getByRole('button', { name: 'Join or split words (C)' }).click();
  await expect(chooser).toBeVisible();
  await expect(chooser.getByRole('button', { name: /Cut here: 喜 \| 欢/ })).toHaveAttribute('aria-pressed', 'true');
  // The chooser fits every window size, 360 px wide included.
  await shotAtEachSize(page, 'word-corrections-split-chooser', () => expect(chooser).toBeVisible());
  await page.keyboard.press('Enter');
  await expect(word('喜')).toHaveText('喜');
  await expect(word('欢')).toHaveText('欢');
  await expect(page.locator(`.reader-text .w[data_hex="${sha('喜欢')}"]`)).toHaveCount(0);
  await shot(page, 'word-corrections-first-text');

  // The second text of the language follows (parsed in the background, or when opened).
  await page.goto(`/read/${second.TxID}`);
  await expect(word('乒乓球')).toHaveText('乒乓球');
  await expect(word('喜')).toHaveText('喜');
  await expect(word('欢')).toHaveText('欢');
  await shot(page, 'word-corrections-second-text');

  // The language's settings list both; Remove gives 喜欢 back to the segmenter.
  await page.goto(`/languages/${zh.LgID}/edit`);
  const list = page.getByTestId('word-corrections');
  await expect(list.locator('li')).toHaveCount(2);
  await expect(list).toContainText('乒乓球');
  await expect(list).toContainText('喜 | 欢');
  await list.scrollIntoViewIfNeeded();
  await shot(page, 'word-corrections-settings');
  await page.getByRole('button', { name: 'Remove the correction of “喜欢”' }).click();
  await expect(list.locator('li')).toHaveCount(1);
  await page.goto(`/read/${second.TxID}`);
  await expect(word('喜欢')).toHaveText('喜欢');
  await expect(word('乒乓球')).toHaveText('乒乓球');
});
