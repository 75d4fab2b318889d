import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderHtmlReport } from '../src/analysis/index.js';
import { browserTitle, hasChromium, launchChromium } from './support/chromium.js';
import { exampleFamily } from './support/example-family.js';

let browser: Browser;
let page: Page;
let directory: string;
const problems: string[] = [];
const requestsMade: string[] = [];

describe.skipIf(!hasChromium)(browserTitle('HTML prefix map in Chromium'), () => {
  beforeAll(async () => {
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('request', (request) => requestsMade.push(request.url()));
    directory = await mkdtemp(path.join(tmpdir(), 'kvprefix-html-'));
    const file = path.join(directory, 'report.html');
    await writeFile(file, renderHtmlReport([await exampleFamily()]));
    await page.goto(pathToFileURL(file).href);
    await page.waitForSelector('body[data-ready="true"]');
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  it('loads without console errors and fetches nothing beyond the file itself', () => {
    expect(problems).toEqual([]);
    expect(requestsMade.filter((url) => !url.startsWith('file:'))).toEqual([]);
  });

  it('draws one bar per request', async () => {
    expect(await page.locator('.row').count()).toBe(3);
    expect(await page.locator('.row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-session')))).toEqual([
      'fork-parent.request.json',
      'fork-child-one-shot.request.json',
      'fork-child-continuable.request.json',
    ]);
  });

  /** Left edge of a row's break line and the right edge of its last inherited segment box, in pixels as drawn. */
  async function drawn(session: string) {
    const row = page.locator(`.row[data-session="${session}"]`);
    const breakBox = await row.locator('.break').boundingBox();
    const inherited = await row.locator('.seg.inherited').evaluateAll((boxes) => boxes.map((box) => box.getBoundingClientRect().right));
    const firstMessage = await row.locator('.seg[data-kind="message"]').first().boundingBox();
    return { breakX: breakBox!.x, inheritedRight: Math.max(...inherited), firstMessageX: firstMessage!.x, cause: await row.locator('.break').getAttribute('data-cause') };
  }

  it("draws a one-shot fork child's break after its inherited history", async () => {
    const oneShot = await drawn('fork-child-one-shot.request.json');
    expect(oneShot.cause).toBe('task');
    expect(oneShot.breakX).toBeGreaterThanOrEqual(oneShot.inheritedRight - 1);
    expect(await page.locator('.row[data-session="fork-child-one-shot.request.json"] .cause').textContent()).toMatch(/^task\* \(against fork-parent\.request\.json #0\): its own task '.+' is where they part/);
    // Bare request bodies carry no host scope: the bar says so, as the text report's `*` does.
    expect(await page.locator('.row[data-session="fork-child-one-shot.request.json"] .break').getAttribute('data-inferred')).toBe('');
  });

  it("draws a continuable fork child's break inside its head, before any history", async () => {
    const continuable = await drawn('fork-child-continuable.request.json');
    expect(continuable.cause).toBe('report-tool');
    expect(continuable.breakX).toBeLessThan(continuable.firstMessageX);
    // Its inherited history is drawn lost: nothing after the break is reused.
    expect(await page.locator('.row[data-session="fork-child-continuable.request.json"] .seg.inherited.reused').count()).toBe(0);
  });

  it('aligns parent and children on one axis: the shared head starts and ends at the same x', async () => {
    const tools = (session: string) => page.locator(`.row[data-session="${session}"] .seg[data-kind="tool"]`);
    const span = async (session: string) => ({ start: (await tools(session).first().boundingBox())!.x, end: await tools(session).last().evaluate((box) => box.getBoundingClientRect().right) });
    const parent = await span('fork-parent.request.json');
    const child = await span('fork-child-one-shot.request.json');
    expect(child.start).toBeCloseTo(parent.start, 1);
    expect(child.end).toBeCloseTo(parent.end, 1);
  });

  it('shows name, kind, tokens and hash on hover (the parent, sent first, reuses nothing)', async () => {
    await page.locator('.row[data-session="fork-parent.request.json"] .seg[data-kind="tool"]').first().hover();
    const text = await page.locator('#tip').textContent();
    expect(await page.locator('#tip').isVisible()).toBe(true);
    expect(text).toMatch(/^\S.*\nkind: tool\ntokens: [\d,]+\nhash: [0-9a-f]{16}\nlost — fork-parent\.request\.json #0$/);
  });

  it('puts totals and money per session at the top', async () => {
    expect(await page.locator('table.sessions tr[data-session]').count()).toBe(3);
    expect(await page.locator('.totals').textContent()).toMatch(/^3 requests, [\d,]+ input tokens, [\d,]+ predicted reused \(\d+\.\d%\); no usage logged; cost \$\d+\.\d{4,6} predicted, — logged — policy deepseek/);
  });
});
