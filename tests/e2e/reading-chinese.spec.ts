// Runs in: Playwright (Chromium). Chinese read in words (issue 46): the segmenter's words coloured as words, pinyin
// with tone marks above them as ruby (the language's Pinyin switch), only on words below the language's "show
// readings on" status (unknown and 1–2 by default): a word saved as known reads clean, and loses its pinyin the
// moment it is marked known; the word panel shows the pinyin and pre-fills Romanization with it. Vietnamese words of
// several syllables read, save and colour as one word.
import { createHash } from 'node:crypto';
import { test, expect, shot, apiCall } from './fixtures';

const sha = (s: string) => createHash('sha256').update(s.toLowerCase(), 'utf8').digest('hex');

test('a Chinese text colours by word, pinyin above the words still being learned only', async ({ page }) => {
  await page.goto('/');
  const zh = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'Chinese (Simplified)' });
  const text = '我们今天去了学校。我喜欢吃苹果和香蕉。\n乒乓球拍卖完了。中国的经济发展很快。';
  const t = await apiCall(page, 'POST', '/api/v1/texts', { TxLgID: zh.LgID, TxTitle: '学校', TxText: text });
  await apiCall(page, 'POST', '/api/v1/terms/quick', { WoLgID: zh.LgID, WoText: '今天', WoStatus: 5 });
  await apiCall(page, 'POST', '/api/v1/terms/quick', { WoLgID: zh.LgID, WoText: '喜欢', WoStatus: 99 });
  await apiCall(page, 'POST', '/api/v1/terms/quick', { WoLgID: zh.LgID, WoText: '苹果', WoStatus: 1 });

  await page.goto(`/read/${t.TxID}`);
  const word = (w: string) => page.locator(`.reader-text .w[data_hex="${sha(w)}"]`).first();
  // Words, not characters: 学校 is one element, coloured as one word.
  await expect(word('学校')).toHaveText('学校');
  await expect(word('今天')).toHaveAttribute('data-status', '5');
  await expect(word('苹果')).toHaveAttribute('data-status', '1');
  const texts = await page.locator('.reader-text .w').evaluateAll((els) => els.map((e) => e.textContent ?? ''));
  expect(texts).toEqual(expect.arrayContaining(['我们', '今天', '学校', '喜欢', '苹果', '香蕉', '中国', '经济', '发展']));
  await expect(page.locator('.reader-text rt')).toHaveCount(0);

  const toggle = page.getByRole('button', { name: 'Pinyin' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  // Unknown (学校) and status 1 (苹果) words read with pinyin; 今天 (5) and 喜欢 (well known) read clean.
  await expect(word('学校').locator('rt')).toHaveText('xué xiào');
  await expect(word('学校').locator('rt')).toBeVisible();
  await expect(word('苹果').locator('rt')).toBeVisible();
  await expect(word('苹果').locator('rt')).toHaveText('píng guǒ');
  await expect(word('今天').locator('rt')).toBeHidden();
  await expect(word('喜欢').locator('rt')).toBeHidden();
  await shot(page, 'reading-chinese-pinyin');

  // The word panel shows the pinyin as the reading and pre-fills Romanization with it.
  await word('学校').click();
  const panel = page.getByRole('complementary', { name: 'Word panel' });
  await expect(panel.locator('.word-panel-sub')).toContainText('xué xiào');
  await expect(panel.getByLabel('Romanization')).toHaveValue('xué xiào');
  // Marked well known (w): its pinyin goes at once, without a reload.
  await page.keyboard.press('Escape');
  await word('学校').click();
  await page.keyboard.press('w');
  await expect(word('学校')).toHaveAttribute('data-status', '99');
  await expect(word('学校').locator('rt')).toBeHidden();

  // "Show readings on": every word, from the language's settings.
  await page.goto(`/languages/${zh.LgID}/edit`);
  await expect(page.getByRole('checkbox', { name: /Pinyin with tone marks/ })).toBeChecked();
  const readingsOn = page.getByLabel('Show readings on');
  await expect(readingsOn).toHaveValue('3');
  await readingsOn.selectOption({ label: 'Every word, known ones too' });
  await readingsOn.scrollIntoViewIfNeeded();
  await shot(page, 'reading-chinese-settings');
  await page.goto(`/read/${t.TxID}`);
  await expect(word('今天').locator('rt')).toBeVisible();
  await expect(word('今天').locator('rt')).toHaveText('jīn tiān');
});

test('Vietnamese: a word of several syllables is one word (đại học), saved and coloured as one', async ({ page }) => {
  await page.goto('/');
  const vi = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'Vietnamese' });
  const t = await apiCall(page, 'POST', '/api/v1/texts', {
    TxLgID: vi.LgID,
    TxTitle: 'Đại học',
    TxText: 'Tôi học ở trường đại học Hà Nội. Chính phủ đã phê duyệt dự án này.',
  });
  await apiCall(page, 'POST', '/api/v1/terms/quick', { WoLgID: vi.LgID, WoText: 'đại học', WoStatus: 2 });
  await page.goto(`/read/${t.TxID}`);
  const word = (w: string) => page.locator(`.reader-text .w[data_hex="${sha(w)}"]`).first();
  await expect(word('đại học')).toHaveText('đại học');
  await expect(word('đại học')).toHaveAttribute('data-status', '2');
  await expect(word('hà nội')).toHaveText('Hà Nội');
  await expect(word('dự án')).toHaveText('dự án');
  await shot(page, 'reading-vietnamese-words');
});
