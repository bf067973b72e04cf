// Runs in: Playwright (Chromium). Issue 51 item 5: on a household server that cannot send mail, an account with an
// email is not offered "Send the confirmation mail again" (it could only fail), and it can make a new recovery
// code like an account without one. English and Spanish, 1280×800, 1366×768 and 360×740 (shotAtEachSize).
import { test as base, expect, shotAtEachSize, startServe, stopServe, apiCall, type LectioServer } from './fixtures';

const test = base.extend<{ server: LectioServer }>({
  // eslint-disable-next-line no-empty-pattern
  server: async ({}, use) => {
    const server = await startServe({ MULTI_USER_ENABLED: 'true' });
    await use(server);
    await stopServe(server);
  },
});

const SAY = {
  en: { resend: 'Send the confirmation mail again', make: 'Make a new recovery code' },
  es: { resend: 'Volver a enviar el correo de confirmación', make: 'Generar un código de recuperación nuevo' },
} as const;

for (const lang of ['en', 'es'] as const)
  test(`an account with an email on a server without mail: no confirmation mail offered, a new recovery code (${lang})`, async ({ page }) => {
    const say = SAY[lang];
    await page.goto('/register');
    await apiCall(page, 'POST', '/api/v1/auth/register', {
      username: 'anna',
      email: 'anna@example.test',
      password: 'anna reads german',
      password_confirm: 'anna reads german',
    });
    // Signed in now: the page's token is the new session's after a reload.
    await page.goto('/profile');
    await apiCall(page, 'POST', '/api/v1/settings', { key: 'uiLanguage', value: lang });
    expect((await apiCall(page, 'GET', '/api/v1/auth/options')).mail).toBe(false);
    await page.reload();
    await expect(page.getByRole('button', { name: say.make })).toBeVisible();
    await expect(page.getByRole('button', { name: say.resend })).toHaveCount(0);
    await shotAtEachSize(page, `accounts-no-mail-profile-${lang}`);
    const card = page.locator('form', { has: page.getByRole('button', { name: say.make }) });
    await card.locator('input[type=password]').fill('anna reads german');
    await page.getByRole('button', { name: say.make }).click();
    await expect(page.getByTestId('recovery-code')).toHaveText(/^[A-Z0-9]{5}(-[A-Z0-9]{5}){3}$/);
    await shotAtEachSize(page, `accounts-no-mail-new-code-${lang}`, async () => {
      await page.getByTestId('recovery-code').scrollIntoViewIfNeeded();
    });
  });
