// Runs in: Playwright (Chromium). Issue 31, what Lectio saves: the example sentence marks the occurrence the
// learner clicked (not the first look-alike substring).
import { createHash } from 'node:crypto';
import { test, expect, shot, apiCall } from './fixtures';

const sha = (s: string) => createHash('sha256').update(s.toLowerCase(), 'utf8').digest('hex');

test('the saved example sentence marks the clicked "er", not the "er" inside "erwachte"', async ({ page }) => {
  await page.goto('/');
  const de = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'German' });
  const text = await apiCall(page, 'POST', '/api/v1/texts', {
    TxLgID: de.LgID,
    TxTitle: 'Die Verwandlung',
    TxText: 'Als Gregor Samsa eines Morgens aus unruhigen Träumen erwachte, fand er sich in seinem Bett verwandelt.',
  });
  await page.goto(`/read/${text.TxID}`);
  await page.locator(`.w[data_hex="${sha('er')}"]`).click();
  const panel = page.getByRole('complementary', { name: 'Word panel' });
  await expect(panel).toBeVisible();
  await expect(panel.getByLabel('Example sentence')).toHaveValue(/fand \{er\} sich/);
  await shot(page, 'trust-sentence-marks-clicked-token');
  await page.keyboard.press('1');
  await expect(page.locator(`.w[data_hex="${sha('er')}"]`)).toHaveAttribute('data-status', '1');
  const terms = await apiCall(page, 'GET', `/api/v1/terms?language_id=${de.LgID}`);
  const er = terms.terms.find((t: { WoTextLC: string }) => t.WoTextLC === 'er');
  expect(er.WoSentence).toBe('Als Gregor Samsa eines Morgens aus unruhigen Träumen erwachte, fand {er} sich in seinem Bett verwandelt.');
});
