/**
 * Playwright Test with the system's Chromium (Debian's `chromium`, no browser download):
 *   npx playwright test --config examples/runners/playwright/playwright.config.ts
 * `CHROMIUM_PATH` names another executable.
 */
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  reporter: 'list',
  // Traces and screenshots of failures, outside the sources.
  outputDir: '../../../node_modules/.cache/playwright-results',
  timeout: 30_000,
  use: {
    headless: true,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu'],
    },
  },
});
