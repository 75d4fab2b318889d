/*
 * Redraws the README's two pictures of the HTML prefix map in Debian's chromium
 * (`apt-get install chromium`) through playwright-core:
 *
 *   npx tsx scripts/screenshots.ts
 *
 * - docs/demo-prefix-map.png: the page `kvprefix demo` (`npm start`) writes for the bundled tree.
 * - docs/prefix-map.png: the bundled DSH fork parent with its one-shot and continuable children,
 *   hovering the one-shot child's first message so the tooltip shows.
 *
 * The pages are written to a temporary folder: the renderer is the source, not a copy in docs/.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { renderHtmlReport } from '../src/analysis/index.js';
import { bufferedIo, EXIT, runCli } from '../src/cli/index.js';
import { CHROMIUM, hasChromium, launchChromium } from '../test/support/chromium.js';
import { exampleFamily } from '../test/support/example-family.js';

const DOCS = path.resolve(import.meta.dirname, '../docs');
if (!hasChromium) throw new Error(`${CHROMIUM} is missing: apt-get install chromium`);

const directory = mkdtempSync(path.join(tmpdir(), 'kvprefix-screenshots-'));
const browser = await launchChromium();
try {
  const demoPage = path.join(directory, 'kvprefix-demo.html');
  const io = bufferedIo(directory);
  const code = await runCli(['demo', '-o', demoPage], io);
  if (code !== EXIT.ok) throw new Error(`kvprefix demo exited ${code}: ${io.err.join('')}`);
  const demo = await browser.newPage({ viewport: { width: 1400, height: 900 }, deviceScaleFactor: 1 });
  await demo.goto(pathToFileURL(demoPage).href);
  await demo.waitForSelector('body[data-ready="true"]');
  await demo.screenshot({ path: path.join(DOCS, 'demo-prefix-map.png'), fullPage: true });

  const familyPage = path.join(directory, 'prefix-map.html');
  writeFileSync(familyPage, renderHtmlReport([await exampleFamily()], { title: 'kvprefix prefix map: a DSH fork parent, a one-shot and a continuable child' }));
  const family = await browser.newPage({ viewport: { width: 1300, height: 470 } });
  await family.goto(pathToFileURL(familyPage).href);
  await family.waitForSelector('body[data-ready="true"]');
  await family.locator('.row[data-session="fork-child-one-shot.request.json"] .seg[data-kind="message"]').first().hover();
  await family.screenshot({ path: path.join(DOCS, 'prefix-map.png'), fullPage: true });
  console.log('wrote docs/demo-prefix-map.png, docs/prefix-map.png');
} finally {
  await browser.close();
  rmSync(directory, { recursive: true, force: true });
}
