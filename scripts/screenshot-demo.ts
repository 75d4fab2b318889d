/*
 * Screenshots the demo's HTML prefix map for the README:
 *
 *   npx tsx scripts/screenshot-demo.ts [output.png]     (default: docs/demo-prefix-map.png)
 *
 * Runs `kvprefix demo` (the same command `npm start` runs) to write the page into a temporary
 * folder, opens it in Debian's chromium (`apt-get install chromium`) through playwright-core, and
 * saves the whole page as a PNG.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { bufferedIo, EXIT, runCli } from '../src/cli/index.js';

const CHROMIUM = '/usr/bin/chromium';
const LAUNCH_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const output = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../docs/demo-prefix-map.png'));
if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install chromium`);

const directory = mkdtempSync(path.join(tmpdir(), 'kvprefix-screenshot-'));
try {
  const page = path.join(directory, 'kvprefix-demo.html');
  const io = bufferedIo(directory);
  const code = await runCli(['demo', '-o', page], io);
  if (code !== EXIT.ok) throw new Error(`kvprefix demo exited ${code}: ${io.err.join('')}`);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS });
  try {
    const tab = await browser.newPage({ viewport: { width: 1400, height: 900 }, deviceScaleFactor: 1 });
    await tab.goto(pathToFileURL(page).href);
    await tab.waitForSelector('body[data-ready="true"]');
    await tab.screenshot({ path: output, fullPage: true });
  } finally {
    await browser.close();
  }
  console.log(`wrote ${path.relative(process.cwd(), output)}`);
} finally {
  rmSync(directory, { recursive: true, force: true });
}
