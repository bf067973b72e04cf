// Vocabulary: edit a term in the term editor, bulk-set statuses from the vocabulary page, see a word family.
import { test, expect, shot, apiCall } from './fixtures';

async function setup(page: import('@playwright/test').Page) {
  await page.goto('/');
  const lang = await apiCall(page, 'POST', '/api/v1/languages', { LgName: 'English' });
  await apiCall(page, 'POST', '/api/v1/settings', { key: 'currentLanguage', value: String(lang.LgID) });
  const ids: Record<string, number> = {};
  for (const [WoText, WoTranslation, WoLemma, WoStatus] of [
    ['go', 'gehen', 'go', 3],
    ['went', 'ging', 'go', 1],
    ['gone', '**gegangen**', 'go', 1],
    ['house', 'Haus', '', 1],
    ['houses', 'Häuser', 'house', 2],
  ] as const) {
    ids[WoText] = (await apiCall(page, 'POST', '/api/v1/terms', { WoLgID: lang.LgID, WoText, WoTranslation, WoLemma: WoLemma || undefined, WoStatus, TermTags: { TagList: ['verbs,A1'] } })).WoID;
  }
  return { lang, ids };
}

test('edit a term: fields, tags, lemma, status; word family and similar terms beside it', async ({ page }) => {
  const { ids } = await setup(page);
  await page.goto(`/word/edit-term?id=${ids.went}`);
  await expect(page.getByRole('heading', { name: 'went', level: 1 })).toBeVisible();
  const family = page.getByRole('region', { name: 'Word family' });
  await expect(family.getByRole('link', { name: 'gone' })).toBeVisible();
  await expect(family.getByRole('link', { name: 'go', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Similar terms' }).getByText('same lemma').first()).toBeVisible();

  await page.locator('textarea[name="WoTranslation"]').fill('ging (*past* of gehen)');
  await page.locator('input[name="tags"]').fill('verbs, past, irregular');
  await page.getByRole('radio', { name: '4' }).click();
  await page.locator('textarea[name="WoNotes"]').fill('<b>not bold</b>');
  await shot(page, 'vocabulary-term-editor');
  await page.keyboard.press('Control+s');
  await expect(page.getByText('Saved “went”')).toBeVisible();
  const saved = await apiCall(page, 'GET', `/api/v1/terms/${ids.went}`);
  expect(saved).toMatchObject({ WoTranslation: 'ging (*past* of gehen)', WoStatus: 4, WoNotes: '<b>not bold</b>', WoLemma: 'go' });
  expect(saved.TermTags).toEqual(['irregular', 'past', 'verbs']);
  await expect(page.locator('.md-preview em')).toHaveText('past');

  // A 21-character tag is refused with a clear message, nothing saved.
  await page.locator('input[name="tags"]').fill('abcdefghijklmnopqrstu');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toContainText('longer than 20 characters');
  expect((await apiCall(page, 'GET', `/api/v1/terms/${ids.went}`)).TermTags).toEqual(['irregular', 'past', 'verbs']);
});

test('bulk-set statuses from the vocabulary page, then see the word family', async ({ page }) => {
  const { ids } = await setup(page);
  await page.goto('/vocabulary');
  await expect(page.getByRole('link', { name: 'houses' })).toBeVisible();
  await expect(page.locator('.translation-cell strong')).toHaveText('gegangen'); // inline markdown rendered
  await page.getByRole('checkbox', { name: 'Select house', exact: true }).check();
  await page.getByRole('checkbox', { name: 'Select houses' }).check();
  await expect(page.getByText('2 selected')).toBeVisible();
  await shot(page, 'vocabulary-selection');
  await page.locator('.bulk-actions').getByRole('button', { name: '5', exact: true }).click();
  await expect(page.getByText('2 term(s) updated')).toBeVisible();
  expect((await apiCall(page, 'GET', `/api/v1/terms/${ids.house}`)).WoStatus).toBe(5);
  expect((await apiCall(page, 'GET', `/api/v1/terms/${ids.houses}`)).WoStatus).toBe(5);
  expect((await apiCall(page, 'GET', `/api/v1/terms/${ids.go}`)).WoStatus).toBe(3);

  // Keyboard: w marks the selection well known.
  await page.keyboard.press('w');
  await expect(page.getByText('2 term(s) updated')).toHaveCount(2);
  expect((await apiCall(page, 'GET', `/api/v1/terms/${ids.house}`)).WoStatus).toBe(99);

  await page.getByRole('tab', { name: 'Word families' }).click();
  const goFamily = page.locator('.family').filter({ has: page.locator('.family-lemma', { hasText: /^go$/ }) });
  await expect(goFamily.locator('.family-member')).toHaveCount(3);
  await shot(page, 'vocabulary-families');
  await goFamily.getByRole('button', { name: '4', exact: true }).click();
  await expect(page.getByText('Status 4 given to 3 term(s)')).toBeVisible();
  expect((await apiCall(page, 'GET', `/api/v1/terms/${ids.gone}`)).WoStatus).toBe(4);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.getByRole('tab', { name: 'Terms' }).click();
  await page.getByRole('checkbox', { name: 'Select went' }).check();
  await expect(page.getByRole('row').filter({ hasText: 'went' }).locator('.term-status')).toHaveText('4'); // the list reloaded
  await shot(page, 'vocabulary-dark');
});

test('import pasted rows with a column mapping', async ({ page }) => {
  await setup(page);
  await page.goto('/vocabulary/import');
  await page.getByLabel('Rows to import').fill('word\tmeaning\ttags\ntree\tBaum\tnature,A1\nriver\tFluss\tnature');
  await expect(page.getByRole('combobox', { name: 'Column 1' })).toHaveValue('term');
  await expect(page.getByRole('combobox', { name: 'Column 3' })).toHaveValue('tags');
  await shot(page, 'vocabulary-import');
  await page.getByRole('button', { name: /^Import 2 row/ }).click();
  await expect(page.locator('.import-result')).toContainText('2 new');
  await expect(page.getByRole('link', { name: 'river' })).toBeVisible();
});
