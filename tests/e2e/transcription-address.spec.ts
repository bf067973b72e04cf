// Runs in: Playwright (Chromium). Issue 51 item 6: transcription's set-up takes the service's address in a field
// (saved as the setting nlpServiceUrl) instead of asking to start Lectio with NLP_SERVICE_URL; saved, the tab asks
// the service again and offers transcription. The service is a fake on 127.0.0.1 (tests/helpers/fake-listening.ts).
import { test, expect, shot, apiCall } from './fixtures';
import { FakeNlp } from '../helpers/fake-listening';

test('the transcription service address is typed in the set-up and used at once', async ({ page }) => {
  const nlp = await new FakeNlp().start();
  try {
    await page.goto('/');
    await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'English', LgIsoCode: 'en' });
    await page.goto('/texts/new/audio');
    const down = page.getByRole('heading', { name: 'Transcription is not set up on this computer' });
    await expect(down).toBeVisible();
    const setup = page.locator('.transcription-setup');
    await expect(setup).not.toContainText('NLP_SERVICE_URL');
    // No pointer to a file of Lectio's sources, which a desktop learner does not have.
    await expect(setup).not.toContainText('docs/');
    // An address that does not answer: the set-up stays, with a link to that service's own page.
    await page.getByLabel('Transcription service address').fill('http://127.0.0.1:9');
    await page.getByRole('button', { name: 'Save and check' }).click();
    await setup.locator('summary').click();
    await expect(setup.getByRole('link', { name: /Open the service’s own page/ })).toHaveAttribute('href', 'http://127.0.0.1:9/docs');
    await expect(down).toBeVisible();
    await page.getByLabel('Transcription service address').fill(nlp.url);
    await shot(page, 'transcription-address');
    await page.getByRole('button', { name: 'Save and check' }).click();
    await expect(down).toHaveCount(0, { timeout: 15_000 });
    expect((await apiCall(page, 'GET', '/api/v1/settings')).nlpServiceUrl).toBe(nlp.url);
    await shot(page, 'transcription-address-saved');
  } finally {
    await nlp.close();
  }
});
