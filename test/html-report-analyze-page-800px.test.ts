import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bufferedIo, EXIT, runCli } from '../src/cli/index.js';
import { browserTitle, hasChromium, launchChromium } from './support/chromium.js';
import { corpusPath, describeWithCorpus } from './support/corpus.js';

let browser: Browser;
let page: Page;
let directory: string;
let logged: { trees: number; hitRate: number; cost: number };

// The analyze page of a real projects folder in an 800 px window: the whole-run numbers at the top, a
// contents list that jumps to each project's session trees, money with its currency sign.
describeWithCorpus('claude-code-2026', browserTitle('analyze HTML page in Chromium at 800 px'), () => {
  beforeAll(async () => {
    if (!hasChromium) return;
    directory = await mkdtemp(path.join(tmpdir(), 'kvprefix-html-800-'));
    const file = path.join(directory, 'report.html');
    const input = corpusPath('claude-code-2026', 'projects');
    expect(await runCli(['analyze', input, '--format', 'html', '-o', file], bufferedIo())).toBe(EXIT.ok);
    const json = bufferedIo();
    await runCli(['analyze', input, '--json'], json);
    const document = JSON.parse(json.out.join('')) as { trees: unknown[]; totals: { observed: { hitRate: number }; cost: { observed: number } } };
    logged = { trees: document.trees.length, hitRate: document.totals.observed.hitRate, cost: document.totals.cost.observed };
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 800, height: 600 } });
    await page.goto(pathToFileURL(file).href);
    await page.waitForSelector('body[data-ready="true"]');
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  it.skipIf(!hasChromium)('nothing is wider than the 800 px window', async () => {
    const width = await page.locator('html').evaluate((root) => root.clientWidth);
    const scroll = await page.locator('html').evaluate((root) => root.scrollWidth);
    const wide = await page.locator('body *').evaluateAll((nodes, limit) => nodes.filter((node) => node.getBoundingClientRect().right > limit + 1).map((node) => `${node.tagName}.${node.className}`).slice(0, 5), width);
    const overflow = { width, scroll, wide };
    expect(overflow.wide).toEqual([]);
    expect(overflow.scroll).toBeLessThanOrEqual(overflow.width);
  });

  it.skipIf(!hasChromium)('the top gives the grand total with the logged hit rate and cost in dollars, and the self-check line', async () => {
    const total = await page.locator('#overview .grand-total').innerText();
    expect(total).toContain(`All ${logged.trees} trees: `);
    expect(total).toContain(`(${(100 * logged.hitRate).toFixed(1)}%) on `);
    expect(total).toContain(`$${logged.cost.toFixed(4)} observed`);
    expect(await page.locator('#overview .self-check').innerText()).toMatch(/^self-check against logged usage: reads exact \d+\/\d+, .* cold\/warm right \d+\/\d+/);
  });

  it.skipIf(!hasChromium)('every tree is in the contents under its project, and each entry jumps to its tree', async () => {
    const links = await page.locator('#contents a').evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')!));
    expect(links).toHaveLength(logged.trees);
    for (const hash of links) expect(await page.locator(hash).count()).toBe(1);
    const projects = await page.locator('#contents > ul > li').count();
    expect(projects).toBe(5);
    await page.locator('#contents a').last().click();
    const section = await page.locator(links.at(-1)!).boundingBox();
    expect(Math.abs(section!.y)).toBeLessThan(5);
  });

  it.skipIf(!hasChromium)("each tree's totals and session table give costs with the currency sign and the logged hit rate", async () => {
    const totals = await page.locator('section.tree .totals').allInnerTexts();
    expect(totals).toHaveLength(logged.trees);
    for (const line of totals) expect(line).toMatch(/logged read [\d,]+ of [\d,]+ \(\d+\.\d%\); cost \$\d+\.\d+ predicted, \$\d+\.\d+ logged/);
    const header = await page.locator('section.tree table.sessions tr').first().innerText();
    expect(header).toContain('logged hit rate');
    const cells = await page.locator('section.tree table.sessions tr:nth-child(2) td').first().locator('xpath=..').innerText();
    expect(cells).toMatch(/\d+\.\d%\s+\$\d+\.\d+\s+\$\d+\.\d+/);
  });
});
