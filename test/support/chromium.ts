import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';

/** Debian's chromium (`apt-get install chromium`); `.ci/run` installs it, so CI always runs the browser tests. */
export const CHROMIUM = '/usr/bin/chromium';

export const hasChromium = existsSync(CHROMIUM);

/** A describe title that says, when chromium is missing, that the block is skipped and how to get it. */
export const browserTitle = (name: string) => (hasChromium ? name : `${name} [skipped: ${CHROMIUM} is missing; apt-get install chromium]`);

/** Headless chromium with no network side channels (no component updates, sync, QUIC, background fetches). */
export async function launchChromium(): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}
