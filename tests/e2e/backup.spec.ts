// Backup from Settings, empty the database, restore the backup and see the library back; import the LWT demo
// from the UI (preview, then import). Screenshots are kept under tests/artifacts/.
import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect, shot, shotAtEachSize, apiCall, startServe, stopServe, FIXTURES, hasFixtures, type LectioServer } from './fixtures';
import { axeViolations } from './axe';

// Restore is allowed on these servers (BACKUP_RESTORE_ENABLED), as a self-hosted admin would set it.
const test = base.extend<{ server: LectioServer }>({
  // eslint-disable-next-line no-empty-pattern
  server: async ({}, use) => {
    const server = await startServe({ BACKUP_RESTORE_ENABLED: 'true' });
    await use(server);
    await stopServe(server);
  },
});

test('back up from Settings, empty the database, restore, and see the library back', async ({ page }) => {
  await page.goto('/');
  const lang = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'German' });
  await apiCall(page, 'POST', '/api/v1/texts', { TxLgID: lang.LgID, TxTitle: 'Im Garten', TxText: 'Der Hund spielt im Garten. Die Katze schläft.' });
  for (const [WoText, WoTranslation] of [
    ['Hund', 'dog'],
    ['Katze', 'cat'],
  ])
    await apiCall(page, 'POST', '/api/v1/terms', { WoLgID: lang.LgID, WoText, WoTranslation, WoStatus: 2 });

  await page.goto('/settings');
  await page.getByRole('link', { name: 'Backup and restore' }).click();
  await expect(page).toHaveURL(/\/settings\/backup$/);
  await expect(page.getByRole('heading', { name: 'Back up now' })).toBeVisible();
  await shot(page, 'backup-settings');

  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download backup' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^lectio-backup-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}\.zip$/);
  const data = fs.readFileSync(await download.path());
  expect(data.subarray(0, 2).toString()).toBe('PK');

  await page.getByRole('button', { name: 'Empty database…' }).click();
  await page.getByRole('button', { name: /Continue without a backup/ }).click();
  await page.getByLabel('Confirmation').fill('EMPTY');
  await shot(page, 'backup-empty-confirm');
  await page.getByRole('button', { name: 'Empty the database' }).click();
  await expect(page.getByText('Database emptied: its languages, texts, books, terms and feeds are deleted; your settings are kept.')).toBeVisible();
  expect(await apiCall(page, 'GET', '/api/v1/languages')).toEqual([]);

  await page.getByTestId('restore-file').setInputFiles({ name: download.suggestedFilename(), mimeType: 'application/zip', buffer: data });
  await page.getByRole('dialog').getByRole('button', { name: 'Restore' }).click();
  const summary = page.getByTestId('restore-summary');
  await expect(summary).toContainText('Restored the backup of', { timeout: 60_000 });
  // The summary names what the learner has, in their words, never the internal tables (issue 51).
  await expect(summary.getByRole('row', { name: /^Terms/ })).toContainText('2');
  await expect(summary.getByRole('row', { name: /^Languages/ })).toContainText('1');
  await expect(summary).not.toContainText(/token|occurrences|map|sentences|words/i);
  await shot(page, 'backup-restored');

  await page.goto('/texts');
  await expect(page.getByText('Im Garten')).toBeVisible();
  await shot(page, 'backup-library-back');
});

test('a broken backup is refused with the reason, nothing changes', async ({ page }) => {
  await page.goto('/settings/backup');
  await page.getByTestId('restore-file').setInputFiles({ name: 'broken.zip', mimeType: 'application/zip', buffer: Buffer.from('PK not really') });
  await page.getByRole('dialog').getByRole('button', { name: 'Restore' }).click();
  await expect(page.locator('#main').getByRole('alert')).toContainText('Restore refused, nothing was changed: the file is not a Lectio backup');
});

test('import the LWT demo from the UI', async ({ page }) => {
  test.skip(!hasFixtures, 'needs ../shared/fixtures');
  await page.goto('/import');
  await page.getByTestId('import-file').setInputFiles(path.join(FIXTURES, 'migrate', 'lwt_demo_backup.sql.gz'));
  const preview = page.getByTestId('import-preview');
  await expect(preview).toContainText('207', { timeout: 60_000 });
  await expect(preview.getByRole('row', { name: /French/ })).toContainText('new language');
  await shot(page, 'import-lwt-preview');
  await preview.getByRole('button', { name: 'Import' }).click();
  const result = page.getByTestId('import-result');
  await expect(result).toContainText('207Terms added', { timeout: 90_000 });
  await shot(page, 'import-lwt-result');
  await page.emulateMedia({ colorScheme: 'dark' });
  await shot(page, 'import-lwt-result-dark');
  await result.getByRole('link', { name: 'Open vocabulary' }).click();
  await expect(page).toHaveURL(/\/vocabulary/);
});

// Issue 32: LWT feeds whose language the backup lacks no longer make "LWT language 9…14": the preview offers to
// skip each (the default) or give it one of the learner's languages. The preview and the result are looked at in
// 1280×800, 1366×768 and 360×740.
for (const run of [
  { lang: 'en', width: 1280, height: 800, skip: 'Skip this feed', into: 'Add it to English', importLabel: 'Import', orphans: '6 feeds have a language' },
  {
    lang: 'es',
    width: 360,
    height: 740,
    skip: 'Omitir esta fuente',
    into: 'Añadirla a English',
    importLabel: 'Importar',
    orphans: '6 fuentes tienen un idioma',
  },
] as const) {
  test(`LWT feeds without their language (${run.lang}, ${run.width}px): skipped by default, or given one of the learner's languages`, async ({ page }) => {
    test.skip(!hasFixtures, 'needs ../shared/fixtures');
    test.setTimeout(180_000);
    await page.setViewportSize({ width: run.width, height: run.height });
    await page.goto('/');
    const english = (await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'English', LgIsoCode: 'en' })).LgID as number;
    if (run.lang === 'es') await apiCall(page, 'POST', '/api/v1/settings', { key: 'uiLanguage', value: 'es' });
    await page.goto('/import');
    await page.getByTestId('import-file').setInputFiles(path.join(FIXTURES, 'migrate', 'lwt_demo_backup.sql.gz'));
    const preview = page.getByTestId('import-preview');
    await expect(preview).toContainText('207', { timeout: 60_000 });
    await expect(preview).not.toContainText('LWT language');
    const orphans = page.getByTestId('import-orphan-feeds');
    await expect(orphans).toContainText(run.orphans);
    const guardian = orphans.getByRole('combobox', { name: 'The Guardian' });
    await expect(guardian).toHaveValue('0');
    await expect(guardian.locator('option:checked')).toHaveText(run.skip);
    await guardian.selectOption({ label: run.into });
    await shotAtEachSize(page, `import-lwt-orphan-feeds-${run.lang}`, () => orphans.scrollIntoViewIfNeeded());
    // The move-in preview with its feed choices has no serious or critical axe violation.
    expect(await axeViolations(page)).toEqual([]);
    await preview.getByRole('button', { name: run.importLabel, exact: true }).click();
    // The same progress bar as restore (upload progress, then "importing" until the answer).
    await expect(page.getByRole('progressbar')).toBeVisible();
    await shot(page, `import-lwt-progress-${run.lang}-${run.width}`);
    await expect(page.getByTestId('import-result')).toBeVisible({ timeout: 90_000 });
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await shotAtEachSize(page, `import-lwt-orphan-feeds-result-${run.lang}`);
    const languages = (await apiCall(page, 'GET', '/api/v1/languages')) as { LgName: string }[];
    expect(languages.filter((l) => l.LgName.startsWith('LWT language'))).toEqual([]);
    const list = (await apiCall(page, 'GET', '/api/v1/feeds/list')) as { NfName: string; NfLgID: number }[];
    expect(list.filter((f) => f.NfLgID === english).map((f) => f.NfName)).toEqual(['The Guardian']);
    expect(list).toHaveLength(7);
  });
}
