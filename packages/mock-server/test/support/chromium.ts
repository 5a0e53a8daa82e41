import { execFileSync } from 'node:child_process';
import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium (`apt-get install chromium`); CI installs it (.ci/run). */
function findChromium(): string | undefined {
  for (const name of ['chromium', 'chromium-browser']) {
    try {
      return execFileSync('which', [name], { encoding: 'utf8' }).trim() || undefined;
    } catch {
      // not under this name
    }
  }
  return undefined;
}

export const chromiumPath = findChromium();

/** Browser tests skip only on a developer machine without Chromium; in CI a missing browser fails them. */
export const browserTestsRun = chromiumPath !== undefined || Boolean(process.env.CI);

/** `extraArgs`: more switches, e.g. `--host-resolver-rules=MAP evil.test 127.0.0.1`. */
export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath ?? 'chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--autoplay-policy=no-user-gesture-required',
      ...extraArgs,
    ],
  });
}
