// Accounts on a household server in Chromium (issue 32): a brand-new server tells its first visitor that no
// account exists yet, an email on a server without mail still gets a recovery code, and registering signs the
// learner in; the administrator closes registration, gives a learner a temporary password (who must change it
// before anything else) and deletes an account after typing its name; "Forgot your password?" says that this
// server cannot send mail. English and Spanish, 1280×800, 1366×768 and 360×740;
// screenshots go to tests/artifacts/.
import { test as base, expect, shot, shotAtEachSize, startServe, stopServe, apiCall, type LectioServer } from './fixtures';
import type { Browser, Page } from '@playwright/test';

const test = base.extend<{ server: LectioServer }>({
  // No proof-of-work here: accounts.spec.ts covers the widget, and these journeys register several accounts.
  // eslint-disable-next-line no-empty-pattern
  server: async ({}, use) => {
    const server = await startServe({ MULTI_USER_ENABLED: 'true' });
    await use(server);
    await stopServe(server);
  },
});

const SIZES = [
  { name: 'wide', width: 1280, height: 800 },
  { name: 'laptop', width: 1366, height: 768 },
  { name: 'phone', width: 360, height: 740 },
] as const;

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
}

async function newPage(browser: Browser, server: LectioServer, locale: 'en-GB' | 'es-ES', size: (typeof SIZES)[number], dark = false) {
  const context = await browser.newContext({
    baseURL: server.url,
    locale,
    viewport: { width: size.width, height: size.height },
    colorScheme: dark ? 'dark' : 'light',
  });
  return context.newPage();
}

/** Registers through the API from a page (fast setup); the page is then signed in as that account. */
async function registerByApi(page: Page, username: string, password: string) {
  await page.goto('/register');
  await apiCall(page, 'POST', '/api/v1/auth/register', { username, password, password_confirm: password });
}

for (const [locale, lang] of [
  ['en-GB', 'en'],
  ['es-ES', 'es'],
] as const) {
  const say =
    lang === 'en'
      ? {
          noAccounts: 'No accounts yet: create the first (administrator) account.',
          createFirst: 'Create the first account',
          firstIsAdmin: 'this first account will be the administrator',
          noMail: 'This server cannot send mail',
          create: 'Create account',
          continue: 'I have written it down: continue',
          forgot: 'Forgot your password?',
          forgotNoMail: 'This server cannot send mail. Use the recovery code you were shown when you created your account',
          useCode: 'Reset with my recovery code',
        }
      : {
          noAccounts: 'Todavía no hay cuentas: crea la primera (la de administrador).',
          createFirst: 'Crear la primera cuenta',
          firstIsAdmin: 'esta primera cuenta será la de administrador',
          noMail: 'Este servidor no puede enviar correo',
          create: 'Crear cuenta',
          continue: 'Lo he anotado: continuar',
          forgot: '¿Has olvidado tu contraseña?',
          forgotNoMail: 'Este servidor no puede enviar correos. Usa el código de recuperación que se te mostró al crear tu cuenta',
          useCode: 'Restablecer con mi código de recuperación',
        };

  for (const size of SIZES) {
    test(`first visitor (${lang}, ${size.name}): no accounts yet, an email without mail still gets a recovery code, signed in after registering`, async ({
      browser,
      server,
    }) => {
      const page = await newPage(browser, server, locale, size, size.name === 'phone');
      await page.goto('/');
      await expect(page).toHaveURL(/\/login/);
      await expect(page.getByText(say.noAccounts)).toBeVisible();
      await noSidewaysScroll(page);
      await shot(page, `household-first-visitor-${lang}-${size.name}`);
      await page.getByRole('link', { name: say.createFirst }).click();
      await expect(page.getByText(say.firstIsAdmin)).toBeVisible();
      await expect(page.getByText(say.noMail)).toBeVisible();
      await page.locator('input[name=username]').fill('anna');
      await page.locator('input[name=email]').fill('anna@example.test');
      await page.locator('input[name=password]').fill('anna reads german');
      await page.locator('input[name=password_confirm]').fill('anna reads german');
      await noSidewaysScroll(page);
      await shot(page, `household-register-${lang}-${size.name}`);
      await page.getByRole('button', { name: say.create }).click();
      await expect(page.getByTestId('recovery-code')).toHaveText(/^[A-Z0-9]{5}(-[A-Z0-9]{5}){3}$/);
      await shot(page, `household-recovery-code-${lang}-${size.name}`);
      await page.getByRole('link', { name: say.continue }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByTestId('account-bar')).toContainText('anna');
      await noSidewaysScroll(page);
      await shot(page, `household-signed-in-${lang}-${size.name}`);
      await page.context().close();
    });
  }

  test(`"Forgot your password?" says that this server cannot send mail and points to the recovery code (${lang})`, async ({ browser, server }) => {
    const page = await newPage(browser, server, locale, SIZES[0]);
    await registerByApi(page, 'anna', 'anna reads german');
    await page.context().clearCookies();
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto('/login');
      await page.getByRole('link', { name: say.forgot }).click();
      await expect(page).toHaveURL(/\/password\/forgot$/);
      await expect(page.getByText(say.forgotNoMail)).toBeVisible();
      // No email field to fill in vain: the way on is the recovery code.
      await expect(page.locator('input[name=email]')).toHaveCount(0);
      await expect(page.getByRole('link', { name: say.useCode })).toHaveAttribute('href', '/password/recover');
      await noSidewaysScroll(page);
      await shot(page, `household-forgot-no-mail-${lang}-${size.name}`);
    }
    await page.context().close();
  });
}

const ADMIN_SAY = {
  en: {
    locale: 'en-GB',
    registrationOpen: 'Anyone who can reach this server may create an account',
    ok: 'OK',
    registrationClosed: 'Registration is closed on this server',
    temporaryPasswordButton: 'Temporary password…',
    temporaryPassword: 'Temporary password',
    setPassword: 'Set password',
    temporaryPasswordSet: 'Temporary password set for bert',
    mustChange: 'must change password',
    usernameOrEmail: 'Username or email',
    logIn: 'Log in',
    temporaryExplained: 'An administrator gave this account a temporary password',
    changePassword: 'Change password',
    deleteButton: 'Delete…',
    deletes: 'This deletes bert and all of their data',
    typeToConfirm: 'Type bert to confirm',
    typeExactly: 'Type the user name exactly as shown',
    deleteForever: 'Delete for ever',
    deleted: 'The account bert and its data were deleted.',
  },
  es: {
    locale: 'es-ES',
    registrationOpen: 'Cualquiera que llegue a este servidor puede crear una cuenta',
    ok: 'Aceptar',
    registrationClosed: 'El registro está cerrado en este servidor',
    temporaryPasswordButton: 'Contraseña temporal…',
    temporaryPassword: 'Contraseña temporal',
    setPassword: 'Establecer contraseña',
    temporaryPasswordSet: 'Contraseña temporal puesta para bert',
    mustChange: 'debe cambiar la contraseña',
    usernameOrEmail: 'Nombre de usuario o correo electrónico',
    logIn: 'Iniciar sesión',
    temporaryExplained: 'Un administrador puso una contraseña temporal a esta cuenta',
    changePassword: 'Cambiar contraseña',
    deleteButton: 'Borrar…',
    deletes: 'Esto borra bert y todos sus datos',
    typeToConfirm: 'Escribe bert para confirmar',
    typeExactly: 'Escribe el nombre de usuario exactamente como aparece',
    deleteForever: 'Borrar para siempre',
    deleted: 'Se borraron la cuenta bert y sus datos.',
  },
} as const;

// Each step is looked at in 1280×800, 1366×768 and 360×740 (`shotAtEachSize` resizes the same page).
for (const lang of ['en', 'es'] as const)
  test(`administrator (${lang}): closes registration, gives a temporary password that must be changed, deletes an account after typing its name`, async ({
    browser,
    server,
  }) => {
    test.setTimeout(120_000);
    const say = ADMIN_SAY[lang];
    const admin = await newPage(browser, server, say.locale, SIZES[0]);
    await registerByApi(admin, 'anna', 'anna reads german');
    const learner = await newPage(browser, server, say.locale, SIZES[1]);
    await registerByApi(learner, 'bert', 'bert learns words');

    // Registration: closed from the users page (after a confirmation), and the sign-up page says so.
    await admin.goto('/admin/users');
    await expect(admin.getByTestId('user-bert')).toBeVisible();
    const open = admin.getByLabel(say.registrationOpen);
    await expect(open).toBeChecked();
    await open.click();
    await admin.getByRole('dialog').getByRole('button', { name: say.ok }).click();
    await expect(open).not.toBeChecked();
    await shotAtEachSize(admin, `household-admin-users-${lang}`);
    const visitor = await newPage(browser, server, say.locale, SIZES[0]);
    await visitor.goto('/register');
    await expect(visitor.getByText(say.registrationClosed)).toBeVisible();
    await visitor.context().close();

    // A temporary password for bert: his open session ends; he signs in with it and must change it first.
    await admin.getByTestId('user-bert').getByRole('button', { name: say.temporaryPasswordButton }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel(say.temporaryPassword).fill('temporary pass 1');
    await shotAtEachSize(admin, `household-temporary-password-dialog-${lang}`);
    await dialog.getByRole('button', { name: say.setPassword }).click();
    await expect(admin.getByText(say.temporaryPasswordSet)).toBeVisible();
    await expect(admin.getByTestId('user-bert')).toContainText(say.mustChange);

    await learner.goto('/texts');
    await expect(learner).toHaveURL(/\/login\?next=/);
    await learner.getByLabel(say.usernameOrEmail).fill('bert');
    await learner.locator('input[name=password]').fill('temporary pass 1');
    await learner.getByRole('button', { name: say.logIn }).click();
    await expect(learner).toHaveURL(/\/password\/change$/);
    await expect(learner.getByText(say.temporaryExplained)).toBeVisible();
    await shotAtEachSize(learner, `household-change-password-${lang}`);
    // Nothing else opens until it is changed: pages come back here, the API refuses.
    await learner.goto('/vocabulary');
    await expect(learner).toHaveURL(/\/password\/change$/);
    expect((await learner.request.get('/api/v1/languages')).status()).toBe(403);
    await learner.locator('input[name=current_password]').fill('temporary pass 1');
    await learner.locator('input[name=password]').fill('bert chose his own');
    await learner.locator('input[name=password_confirm]').fill('bert chose his own');
    await learner.getByRole('button', { name: say.changePassword }).click();
    await expect(learner).toHaveURL(/\/$/);
    await expect(learner.getByTestId('account-bar')).toContainText('bert');
    expect((await learner.request.get('/api/v1/languages')).status()).toBe(200);

    // Deleting bert: the name must be typed exactly.
    await admin.reload();
    await admin.getByTestId('user-bert').getByRole('button', { name: say.deleteButton }).click();
    await expect(dialog).toContainText(say.deletes);
    await dialog.getByLabel(say.typeToConfirm).fill('Bert');
    await expect(dialog.getByText(say.typeExactly)).toBeVisible();
    await expect(dialog.getByRole('button', { name: say.deleteForever })).toBeDisabled();
    await shotAtEachSize(admin, `household-delete-dialog-${lang}`);
    await dialog.getByLabel(say.typeToConfirm).fill('bert');
    await dialog.getByRole('button', { name: say.deleteForever }).click();
    await expect(admin.getByText(say.deleted)).toBeVisible();
    await expect(admin.getByTestId('user-bert')).toHaveCount(0);
    await learner.reload();
    await expect(learner).toHaveURL(/\/login/);
    if (lang === 'en') return;

    // The same page on a phone, in Spanish and dark: the table scrolls inside its box, not the page.
    const phone = await newPage(browser, server, 'es-ES', SIZES[2], true);
    await phone.goto('/login');
    await phone.getByLabel(/usuario/i).fill('anna');
    await phone.locator('input[name=password]').fill('anna reads german');
    await phone.locator('button[type=submit], form button.btn-primary').first().click();
    await expect(phone.getByTestId('account-bar')).toContainText('anna');
    await apiCall(phone, 'POST', '/api/v1/settings', { key: 'uiLanguage', value: 'es' });
    await phone.goto('/admin/users');
    await expect(phone.getByText('Cualquiera que llegue a este servidor puede crear una cuenta')).toBeVisible();
    await noSidewaysScroll(phone);
    await shot(phone, 'household-admin-users-es-phone-dark');
    await phone.goto('/profile');
    await expect(phone.getByTestId('delete-account')).toContainText('Borrar mi cuenta');
    await phone.getByTestId('delete-account').scrollIntoViewIfNeeded();
    await shot(phone, 'household-delete-my-account-es-phone');
  });
