/*
 * Regenerates docs/prefix-map.png and docs/prefix-map.html: the HTML prefix map of the bundled DSH
 * fork parent with its one-shot and continuable children, drawn by Debian's chromium.
 *
 *   npx tsx docs/prefix-map-screenshot.ts
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { renderHtmlReport } from '../src/analysis/index.js';
import { exampleFamily } from '../test/support/example-family.js';

const DOCS = import.meta.dirname;
const html = path.join(DOCS, 'prefix-map.html');
writeFileSync(html, renderHtmlReport([await exampleFamily()], { title: 'kvprefix prefix map: a DSH fork parent, a one-shot and a continuable child' }));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
const page = await browser.newPage({ viewport: { width: 1300, height: 470 } });
await page.goto(pathToFileURL(html).href);
await page.waitForSelector('body[data-ready="true"]');
await page.locator('.row[data-session="fork-child-one-shot.request.json"] .seg[data-kind="message"]').first().hover();
await page.screenshot({ path: path.join(DOCS, 'prefix-map.png'), fullPage: true });
await browser.close();
