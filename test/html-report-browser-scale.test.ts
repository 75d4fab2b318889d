import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderHtmlReport } from '../src/analysis/index.js';
import type { RequestAnalysis, SessionTreeAnalysis } from '../src/analysis/replay/session-analysis.js';
import { browserTitle, hasChromium, launchChromium } from './support/chromium.js';

/**
 * Invented on purpose: the edge of the drawing code is size (200 rows drawn at once, segments
 * too thin to hover apart), which the bundled examples do not reach. Each request: 40 tools of 2,000
 * tokens, then 100 messages of 5 tokens (far under a pixel), then a 500-token task.
 */
function wideTree(requests: number): SessionTreeAnalysis {
  const segments = [
    ...Array.from({ length: 40 }, (_, index) => ({ kind: 'tool', name: `tool-${index}`, tokens: 2000, hash: index.toString(16).padStart(16, '0') })),
    ...Array.from({ length: 100 }, (_, index) => ({ kind: 'message', name: `message[${index}]:user`, tokens: 5, hash: (1000 + index).toString(16).padStart(16, '0'), inherited: true })),
    { kind: 'task', name: 'task', tokens: 500, hash: 'ffffffffffffffff' },
  ];
  const tokens = segments.reduce((sum, segment) => sum + segment.tokens, 0);
  const request = (reused: number): RequestAnalysis => ({
    index: 0,
    time: null,
    route: { provider: 'deepseek', model: 'deepseek-v4-flash' },
    tokens,
    predicted: { uncached: tokens - reused, cacheRead: reused, cacheWrite: 0, cacheReadRange: [reused, reused] },
    observed: null,
    divergence: reused === 0 ? null : { kind: 'task', name: 'task', cause: 'task', detail: "the task 'task' differs", inferred: true, against: { session: 's0', index: 0 } },
    cost: { predicted: 0.001, observed: null },
    segments,
  });
  return {
    policy: 'deepseek',
    tokenizer: 'o200k_base',
    notes: [],
    sessions: Array.from({ length: requests }, (_, index) => ({ file: `s${index}`, id: `s${index}`, format: 'wire' as const, parentSession: index === 0 ? null : 's0', seedLength: null, requests: [request(index === 0 ? 0 : tokens - 500)] })),
  };
}

let browser: Browser;
let page: Page;
let directory: string;
const problems: string[] = [];

describe.skipIf(!hasChromium)(browserTitle('HTML prefix map at 200 requests in Chromium'), () => {
  beforeAll(async () => {
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    page.on('console', (message) => void (message.type() === 'error' && problems.push(message.text())));
    page.on('pageerror', (error) => void problems.push(error.message));
    directory = await mkdtemp(path.join(tmpdir(), 'kvprefix-html-scale-'));
    const file = path.join(directory, 'report.html');
    await writeFile(file, renderHtmlReport([wideTree(200)]));
    await page.goto(pathToFileURL(file).href);
    await page.waitForSelector('body[data-ready="true"]');
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  it('lays out every row and its break at once, without errors', async () => {
    expect(problems).toEqual([]);
    expect(await page.locator('.row').count()).toBe(200);
    expect(await page.locator('.break').count()).toBe(199);
  });

  it('draws the boxes of every row at load, the last row too', async () => {
    expect(await page.locator('.row[data-session="s199"] .seg').count()).toBeGreaterThan(40);
  });

  it('draws runs of segments under a pixel as one box whose tooltip counts them', async () => {
    const first = page.locator('.row[data-session="s1"]');
    const messageBoxes = first.locator('.seg[data-kind="message"]');
    const boxes = await messageBoxes.count();
    expect(boxes).toBeGreaterThan(0);
    expect(boxes).toBeLessThan(100);
    await first.scrollIntoViewIfNeeded();
    await messageBoxes.first().hover();
    expect(await page.locator('#tip').textContent()).toMatch(/^\d+ segments, message\[0\]:user … message\[\d+\]:user\nkind: message \(inherited\)\ntokens: \d+\nhash: 00000000000003e8 … [0-9a-f]{16}\nreused — s1 #0$/);
  });
});
