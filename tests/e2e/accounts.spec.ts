// Accounts in Chromium (issue 14): register (proof-of-work solved by the page's worker), log in, create a language
// and a text, read it; a second account sees none of it; log out. Screenshots go to tests/artifacts/.
import { test as base, expect, shot, startServe, stopServe, apiCall, type LectioServer } from './fixtures';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from '@playwright/test';

const test = base.extend<{ server: LectioServer }>({
  // eslint-disable-next-line no-empty-pattern
  server: async ({}, use) => {
    const server = await startServe({ MULTI_USER_ENABLED: 'true', POW_CAPTCHA_ENABLED: 'true', POW_CAPTCHA_HMAC_KEY: 'e2e-hmac-key-0123456789' });
    await use(server);
    await stopServe(server);
  },
});

async function register(page: Page, username: string, password: string, shotName?: string) {
  await page.goto('/register');
  await page.locator('input[name=username]').fill(username);
  await page.locator('input[name=password]').fill(password);
  await page.locator('input[name=password_confirm]').fill(password);
  await expect(page.getByTestId('pow')).toContainText('Verified', { timeout: 30_000 });
  if (shotName) await shot(page, shotName);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByTestId('recovery-code')).toHaveText(/^[A-Z0-9]{5}(-[A-Z0-9]{5}){3}$/);
  if (shotName) await shot(page, `${shotName}-recovery-code`);
  // Registered is signed in (issue 32); this journey goes on through the login page, so it signs out first.
  await page.getByRole('link', { name: 'I have written it down: continue' }).click();
  await expect(page.getByTestId('account-bar')).toContainText(username);
  await page.getByTestId('account-bar').getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login\?notice=logged-out/);
  await page.goto(`/login?username=${username}`);
}

async function login(page: Page, username: string, password: string, shotName?: string, fill?: string) {
  if (fill) await page.getByLabel('Username or email').fill(fill);
  else await expect(page.getByLabel('Username or email')).toHaveValue(username);
  await page.locator('input[name=password]').fill(password);
  if (shotName) await shot(page, shotName);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test('register, log in, create a language and a text, read; a second account sees none of it; log out', async ({ page, browser, server }) => {
  test.setTimeout(180_000);
  // A protected page sends a visitor to the login page, remembering where they wanted to go.
  await page.goto('/texts');
  await expect(page).toHaveURL(/\/login\?next=%2Ftexts$/);
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();

  await register(page, 'anna', 'anna reads german', 'accounts-register');
  await login(page, 'anna', 'anna reads german', 'accounts-login');
  await expect(page.getByTestId('account-bar')).toContainText('anna');
  await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'German' });
  await page.goto('/texts/new');
  await page.getByLabel('Language', { exact: true }).selectOption({ label: 'German' });
  await page.getByLabel('Title').fill('Annas Geschichte');
  await page.getByLabel('Text', { exact: true }).fill('Es war einmal ein Esel. Der Esel ging nach Bremen.');
  await page.getByRole('button', { name: 'Save and read' }).click();
  await expect(page).toHaveURL(/\/read\/\d+$/);
  await expect(page.locator('.w').filter({ hasText: 'Esel' }).first()).toBeVisible();
  await shot(page, 'accounts-anna-reading');
  const annasText = page.url();

  // A second learner in another browser context.
  const other = await browser.newContext({ baseURL: server.url, colorScheme: 'dark' });
  const bert = await other.newPage();
  await register(bert, 'bert', 'bert learns words');
  await login(bert, 'bert', 'bert learns words');
  await expect(bert.getByTestId('account-bar')).toContainText('bert');
  await bert.goto('/texts');
  await expect(bert.getByText('Annas Geschichte')).toHaveCount(0);
  expect(await apiCall(bert, 'GET', '/api/v1/languages')).toEqual([]);
  expect((await bert.request.get(`/api/v1/texts/${annasText.split('/').pop()}`)).status()).toBe(404);
  await shot(bert, 'accounts-second-user-library-dark');
  await bert.goto('/profile');
  await expect(bert.getByRole('heading', { name: 'bert' })).toBeVisible();
  await shot(bert, 'accounts-profile-dark');
  await other.close();

  // The session ends on the server (as after the idle timeout): the next call in the open app sends anna to the
  // login page, and logging in brings her back to where she was going. She is in the library, not the reader
  // (the reader reads its terms again when the window gets focus back, which would be that next call).
  await page.goto('/texts');
  await expect(page.getByText('Annas Geschichte')).toBeVisible();
  const db = new Database(path.join(server.dataDir, 'lectio.db'));
  db.prepare('DELETE FROM auth_sessions').run();
  db.close();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Vocabulary' }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fvocabulary/);
  await login(page, '', 'anna reads german', undefined, 'anna');
  await expect(page).toHaveURL(/\/vocabulary$/);

  // Log out: the app sends anna back to the login page, and the API no longer answers her old session. A call of
  // the open screen that answers 401 while the log-out is under way (seen under load) does not turn it into "sign
  // in to go back to the vocabulary": the log-out is held while such a 401 arrives, and still ends on its own page.
  let heldLogout!: () => Promise<void>;
  const logoutHeld = new Promise<void>((held) =>
    page.route('**/api/v1/auth/logout', (route) => {
      heldLogout = () => route.continue();
      held();
    }),
  );
  await page.getByTestId('account-bar').getByRole('button', { name: 'Log out' }).click();
  await logoutHeld;
  await page.evaluate(() => window.dispatchEvent(new CustomEvent('lectio:unauthorized')));
  await page.waitForTimeout(500); // time for a wrong navigation to the sign-in page to happen, if one were made
  await expect(page).toHaveURL(/\/vocabulary$/);
  await heldLogout();
  await expect(page).toHaveURL(/\/login\?notice=logged-out/);
  await expect(page.getByText('You are logged out.')).toBeVisible();
  await shot(page, 'accounts-logged-out');
  expect((await page.request.get('/api/v1/auth/me')).status()).toBe(401);
  await page.goto(annasText);
  await expect(page).toHaveURL(/\/login\?next=/);
});

base('single-user: Settings → Connected apps pairs an extension with a token shown once, and revokes it', async ({ page }) => {
  await page.goto('/settings');
  await page.getByRole('link', { name: 'Manage connected apps and API tokens' }).click();
  await expect(page.getByRole('heading', { name: 'Connected apps', level: 1 })).toBeVisible();
  await page.getByLabel('Token name').fill('Reader extension');
  await page.getByLabel('Origin').fill('chrome-extension://abcdefghijklmnopabcdefghijklmnop');
  await page.getByRole('button', { name: 'Pair app' }).click();
  const token = (await page.getByTestId('new-token').textContent()) ?? '';
  expect(token).toMatch(/^lct_[\w-]{43}$/);
  await expect(page.getByRole('table')).toContainText('Reader extension');
  await shot(page, 'accounts-connected-apps');
  const ok = await page.request.get('/api/v1/languages', { headers: { authorization: `Bearer ${token}` } });
  expect(ok.status()).toBe(200);
  await page.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('No paired apps.')).toBeVisible();
  const revoked = await page.request.get('/api/v1/languages', { headers: { authorization: `Bearer ${token}` } });
  expect(revoked.status()).toBe(401);
});

test('a forgotten password is reset with the recovery code; a wrong code is said on the form and a double click sends once', async ({ page }) => {
  await page.goto('/register');
  await page.locator('input[name=username]').fill('carla');
  await page.locator('input[name=password]').fill('carla reads french');
  await page.locator('input[name=password_confirm]').fill('carla reads french');
  await expect(page.getByTestId('pow')).toContainText('Verified', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Create account' }).click();
  const code = (await page.getByTestId('recovery-code').textContent()) ?? '';
  await page.getByRole('link', { name: 'I have written it down: continue' }).click();
  await page.getByTestId('account-bar').getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login\?notice=logged-out/);

  await page.goto('/password/recover');
  await page.getByLabel('Username').fill('carla');
  await page.getByLabel('Recovery code').fill('AAAAA-BBBBB-CCCCC-DDDDD');
  await page.getByLabel('New password', { exact: true }).fill('carla forgot it all');
  await page.getByLabel('Repeat new password').fill('carla forgot it all');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('alert')).toBeVisible();

  // The right code: the request is held so the button's busy state can be seen; a second click sends nothing.
  let recoverCalls = 0;
  let release!: () => Promise<void>;
  const held = new Promise<void>((resolve) =>
    page.route('**/api/v1/auth/recover', (route) => {
      recoverCalls++;
      release = () => route.continue();
      resolve();
    }),
  );
  await page.getByLabel('Recovery code').fill(code);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await held;
  await expect(page.getByRole('button', { name: 'Reset password' })).toBeDisabled();
  await page.getByRole('button', { name: 'Reset password' }).click({ force: true });
  await release();
  await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();
  expect(recoverCalls).toBe(1);
  await expect(page.getByTestId('recovery-code')).not.toHaveText(code);
  await shot(page, 'accounts-recovered');
  await page.getByRole('link', { name: 'Log in' }).click();
  await page.locator('input[name=password]').fill('carla forgot it all');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('account-bar')).toContainText('carla');
});
