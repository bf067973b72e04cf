import { defineConfig } from '@playwright/test';

// Debian's Chromium; never `npx playwright install` (no browser downloads here).
export const CHROMIUM = process.env.LECTIO_CHROMIUM ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Two files at a time: every test starts its own server on its own data folder and port (fixtures.ts), so files
  // share nothing; on the 2-core CI machine two workers took the suite from ~15 to ~10 minutes (issue 45).
  // LECTIO_E2E_WORKERS=1 runs one at a time (to read a failure's log in order).
  workers: Number(process.env.LECTIO_E2E_WORKERS ?? 2),
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e-report.json' }]],
  use: {
    launchOptions: {
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
    viewport: { width: 1280, height: 800 },
    screenshot: 'only-on-failure',
    trace: 'off',
  },
});
