// Word families out of the box (issue 17): a new Spanish language with no lemma file; paste a text, click
// "hablaba", the word panel suggests the lemma "hablar" (from the Hunspell dictionary Lectio ships), the
// saved forms gather in the family, and the language settings show the active source. Screenshots go to
// tests/artifacts/.
import { createHash } from 'node:crypto';
import { test, expect, shot, apiCall } from './fixtures';

const sha = (s: string) => createHash('sha256').update(s.toLowerCase(), 'utf8').digest('hex');

test('Spanish: click "hablaba", see lemma "hablar" suggested, and its family', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  const es = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'Spanish' });
  await page.goto('/texts/new');
  await page.getByLabel('Language', { exact: true }).selectOption({ label: 'Spanish' });
  await page.getByLabel('Title').fill('En el mercado');
  await page
    .getByLabel('Text', { exact: true })
    .fill('Mi abuela hablaba con todos en el mercado. Hablamos de las casas nuevas y de los mejores tomates. Ellos hablan mucho.');
  await page.getByRole('button', { name: 'Save and read' }).click();
  await expect(page).toHaveURL(/\/read\/\d+$/);

  await page
    .locator(`.w[data_hex="${sha('hablaba')}"]`)
    .first()
    .click();
  const panel = page.getByRole('complementary', { name: 'Word panel' });
  await expect(panel).toBeVisible();
  // The first use reads the Spanish dictionary in a worker (a few seconds); the panel waits for it.
  await expect(panel.locator('.lemma-suggested')).toHaveText('hablar', { timeout: 60_000 });
  await shot(page, 'lemmas-suggested-hablar');
  await panel.getByLabel('Translation').fill('used to speak');
  await panel.getByRole('button', { name: /Save/ }).click();
  await expect(page.locator(`.w[data_hex="${sha('hablaba')}"]`).first()).toHaveAttribute('data-status', '1');

  // A second form of the same word: its panel lists the family, and saving it without a lemma gets "hablar".
  await page.keyboard.press('Escape');
  await page
    .locator(`.w[data_hex="${sha('hablamos')}"]`)
    .first()
    .click();
  await expect(panel.locator('.lemma-suggested')).toHaveText('hablar');
  await expect(panel.getByLabel('Word family')).toContainText('hablaba');
  await shot(page, 'lemmas-family-in-panel');
  await panel.getByLabel('Translation').fill('we speak');
  await panel.getByRole('button', { name: /Save/ }).click();
  await expect(page.locator(`.w[data_hex="${sha('hablamos')}"]`).first()).toHaveAttribute('data-status', '1');

  // The family view lists its forms.
  await page.goto(`/vocabulary?view=families&lang=${es.LgID}`);
  const family = page.locator('.family', { has: page.locator('.family-lemma', { hasText: /^hablar$/ }) });
  await expect(family).toBeVisible();
  await expect(family.locator('.family-member')).toHaveText([/^hablaba/, /^hablamos/i]);
  await shot(page, 'lemmas-family-view');

  // Language settings: the active source and how many forms it knows; fill missing lemmas with a summary.
  await page.goto(`/languages/${es.LgID}/edit`);
  const source = page.getByRole('region', { name: 'Lemma source' });
  await expect(source.getByTestId('lemma-active-source')).toContainText('dictionary-es');
  await expect(source.getByTestId('lemma-active-source')).toContainText(/headwords and forms/);
  await source.getByRole('button', { name: 'Fill missing lemmas' }).click();
  await expect(source.getByTestId('fill-summary')).toContainText('left empty');
  await shot(page, 'lemmas-language-source');
});
