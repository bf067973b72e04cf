// Issue 21: an XSS payload corpus (script tags, on* handlers, javascript: URLs, SVG, srcdoc) stored in every
// field a user or a file can fill renders inert — with the page's CSP switched off (bypassCSP), so what is
// tested is the app's own escaping and sanitising, not the CSP's backstop.
import { test, expect, apiCall, shot } from './fixtures';

test.use({ bypassCSP: true });

/** Each payload calls window.__x() if it ever runs. */
const PAYLOADS = [
  '<script>__x()</script>',
  '<img src=x onerror=__x()>',
  '<svg onload=__x()>',
  '<a href="javascript:__x()">l</a>',
  '<iframe srcdoc="<script>parent.__x()</script>">',
  '"><details open ontoggle=__x()>',
];

test('stored XSS payloads render inert on every page that shows them', async ({ page }) => {
  await page.addInitScript(() => {
    (window as unknown as { __hits: number; __x: () => void }).__hits = 0;
    (window as unknown as { __x: () => void }).__x = () => ((window as unknown as { __hits: number }).__hits += 1);
  });
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto('/');
  const all = PAYLOADS.join(' ');
  const lang = await apiCall(page, 'POST', '/api/v1/languages', { LgName: '<img src=x onerror=__x()>' });
  await apiCall(page, 'POST', '/api/v1/settings', { key: 'currentLanguage', value: String(lang.LgID) });
  const text = await apiCall(page, 'POST', '/api/v1/texts', { TxLgID: lang.LgID, TxTitle: PAYLOADS[1], TxText: `Hallo Welt. ${all} Ende.` });
  await apiCall(page, 'POST', '/api/v1/terms', {
    WoLgID: lang.LgID,
    WoText: 'Hallo',
    WoTranslation: all.slice(0, 500),
    WoRomanization: PAYLOADS[2],
    WoNotes: all,
  });
  await apiCall(page, 'POST', '/api/v1/tags', { TgText: 'x<svg/onload=__x()>'.slice(0, 20), TgComment: all.slice(0, 200) }).catch(() => undefined);
  // Hallo's definition starts with words: what follows the unclosed <iframe> is dropped with it, and a definition
  // left with nothing would not be stored (nor shown) at all.
  const csv = ['term,definition', ...PAYLOADS.map((p, i) => `w${i},"${p.replace(/"/g, '""')} def ${i}"`), `Hallo,"def Hallo ${all.replace(/"/g, '""')}"`].join(
    '\n',
  );
  await page.evaluate(
    async ({ csv, lg }) => {
      const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')!.content;
      const form = new FormData();
      form.append('language_id', String(lg));
      form.append('file', new Blob([csv]), 'xss.csv');
      const res = await fetch('/api/v1/local-dictionaries/upload', { method: 'POST', body: form, headers: { 'X-CSRF-TOKEN': token } });
      if (!res.ok) throw new Error(await res.text());
    },
    { csv, lg: lang.LgID },
  );

  // What each page shows of the hostile rows, as text (null: nothing of them to see there for sure), so a page
  // cannot pass by showing nothing.
  const shown: Record<string, string | null> = {
    '/': null,
    '/texts': PAYLOADS[1],
    [`/read/${text.TxID}`]: 'Hallo',
    '/vocabulary': 'Hallo',
    '/languages': PAYLOADS[1],
    '/tags': null,
    '/local-dictionaries': null,
    '/review': null,
  };
  for (const [path, visible] of Object.entries(shown)) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    if (visible !== null) await expect(page.getByText(visible).filter({ visible: true }).first(), path).toBeVisible();
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { __hits: number }).__hits), path).toBe(0);
  }
  // The reader's word panel and the dictionary lookup show the stored HTML definitions.
  await page.goto(`/read/${text.TxID}`);
  await page.getByText('Hallo', { exact: true }).first().click();
  const panel = page.getByRole('complementary', { name: 'Word panel' });
  // Shown: the translation (as the form's text) and the sanitised definition (its plain words).
  await expect(panel.getByRole('textbox', { name: 'Translation' })).toHaveValue(all.slice(0, 500));
  await expect(panel.locator('.dict-entry').first()).toContainText('def Hallo');
  await page.waitForTimeout(800);
  expect(await page.evaluate(() => (window as unknown as { __hits: number }).__hits)).toBe(0);
  await shot(page, 'security-xss-reader');
  await page.goto('/local-dictionaries');
  await page.keyboard.press('/');
  // w3's definition was '<a href="javascript:__x()">l</a> def 3': stored and shown as text.
  await page.getByRole('searchbox', { name: 'Word to look up' }).fill('w3');
  await expect(page.locator('.dict-entry').first()).toContainText('def 3');
  await expect(page.locator('.dict-entry a')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __hits: number }).__hits)).toBe(0);
  expect(await page.locator('script:not([src])').count()).toBe(0);
  await shot(page, 'security-xss-lookup');
  expect(dialogs).toEqual([]);

  // Control: the detector works (with the CSP off, markup that reaches the DOM unsanitised does run).
  await page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<img src=x onerror=__x()>'));
  await expect.poll(() => page.evaluate(() => (window as unknown as { __hits: number }).__hits)).toBe(1);
});
