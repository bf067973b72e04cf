// Runs in: Playwright (Chromium). Korean word families (issue 46): a Korean language from its preset, a text where
// 학교 comes with particles (학교에, 학교는). Saving 학교 as known while reading underlines 학교에 and 학교는 as its
// family ("family known", Settings → Reading); the word panel of 학교에 holds the lemma 학교, and saving it joins
// the family. Screenshots: korean-family-known(-dark), korean-lemma-in-panel, korean-lemma-source.
import { createHash } from 'node:crypto';
import { test, expect, shot, apiCall } from './fixtures';

const sha = (w: string) => createHash('sha256').update(w, 'utf8').digest('hex');

test('Korean: saving 학교 marks 학교에 and 학교는 as its family', async ({ page }) => {
  await page.goto('/');
  const ko = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'Korean' });
  expect(ko).toMatchObject({ LgIsoCode: 'ko', LgLemmatizerType: 'dictionary' });
  const text = await apiCall(page, 'POST', '/api/v1/texts', {
    TxLgID: ko.LgID,
    TxTitle: '우리 학교',
    TxText: '나는 아침에 학교에 갔다. 학교는 아주 크다. 학교 앞에서 친구를 만났다.',
  });
  await apiCall(page, 'POST', '/api/v1/settings', { key: 'readerFamilyKnown', value: '1' });
  const word = (w: string) => page.locator(`.reader-text .w[data_hex="${sha(w)}"]`).first();
  const underline = (w: string) => word(w).evaluate((el) => getComputedStyle(el).textDecorationLine + ' ' + getComputedStyle(el).textDecorationStyle);

  await page.goto(`/read/${text.TxID}`);
  await expect(page.locator('.reader-text')).toContainText('학교는 아주 크다.');
  expect(await underline('학교에')).toBe('none solid');

  // 학교 saved as known while reading: its forms with particles are underlined at once, other words are not.
  await word('학교').click();
  await page.keyboard.press('5');
  await expect(word('학교')).toHaveAttribute('data-status', '5');
  await expect.poll(() => underline('학교에')).toBe('underline dotted');
  await expect.poll(() => underline('학교는')).toBe('underline dotted');
  expect(await underline('친구를')).toBe('none solid');
  expect(await underline('학교')).toBe('none solid');
  await page.keyboard.press('Escape');
  await shot(page, 'korean-family-known');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
  await shot(page, 'korean-family-known-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));

  // The word panel of 학교에 holds its stem as the lemma (automatic, sure) and lists the family.
  await word('학교에').click();
  const panel = page.getByRole('complementary', { name: 'Word panel' });
  await expect(panel.getByLabel('Lemma')).toHaveValue('학교');
  await expect(panel.locator('.lemma-auto-badge')).toHaveText('automatic');
  await expect(panel.locator('.lemma-unsure-badge')).toHaveCount(0);
  await expect(panel.getByLabel('Word family')).toContainText('학교');
  await shot(page, 'korean-lemma-in-panel');
  await panel.getByLabel('Translation').fill('to school');
  await panel.getByRole('button', { name: /Save/ }).click();
  await expect(word('학교에')).toHaveAttribute('data-status', '1');
  const family = await apiCall(page, 'GET', `/api/v1/word-families?language_id=${ko.LgID}&lemma_lc=${encodeURIComponent('학교')}`);
  expect(family.terms.map((t: { WoText: string }) => t.WoText).sort()).toEqual(['학교', '학교에']);

  // The language settings name the source, what it was trained on and its licence.
  await page.goto(`/languages/${ko.LgID}/edit`);
  await expect(page.getByTestId('lemma-active-source')).toContainText("Lectio's Korean stemmer, learned from UD Korean GSD dev + UD Korean Kaist dev");
  await expect(page.getByTestId('lemma-active-source')).toContainText('CC-BY-SA-4.0');
  await expect(page.getByTestId('lemma-unsure-note')).toHaveCount(0);
  await page.getByTestId('lemma-active-source').scrollIntoViewIfNeeded();
  await shot(page, 'korean-lemma-source');
});
