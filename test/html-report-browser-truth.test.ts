import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzePaths, policyByName, renderHtmlReport } from '../src/analysis/index.js';
import { analyzeDemoTree } from '../src/analysis/demo/analyze-demo-tree.js';
import { demoHtml } from '../src/analysis/report/demo-html.js';
import { browserTitle, hasChromium, launchChromium } from './support/chromium.js';
import { corpusPath, hasCorpus } from './support/corpus.js';
import { EXAMPLES_DIRECTORY } from './support/example-family.js';

/*
 * The prefix map must say what the text report says. Three pages as a user opens them in a
 * 1,400 px window: a DSH tree whose head is calibrated (the rendering counts ~6,000 head tokens, the
 * provider 2,885), a Claude Code project (block sizes fitted to the logged usage), and the demo.
 */

const WINDOW = 1400;
const pages: { name: string; html: () => Promise<string> }[] = [
  { name: 'the demo', html: async () => demoHtml(await analyzeDemoTree(path.join(EXAMPLES_DIRECTORY, 'demo-tree'))) },
];
if (hasCorpus('dsh')) {
  pages.push({ name: 'a calibrated DSH fork tree', html: async () => renderHtmlReport((await analyzePaths([corpusPath('dsh/examples/acp-agent/tests/snapshots/subagent-fork-in-process')], { policyByName })).trees) });
}
if (hasCorpus('claude-code-sessions')) {
  pages.push({ name: 'a Claude Code project', html: async () => renderHtmlReport((await analyzePaths([corpusPath('claude-code-sessions/test/test_data/real_projects/-src-deep-manifest')], { policyByName })).trees) });
}

/** What each row shows, measured in the page: pixels of its boxes, its track, its break and its label. */
interface DrawnRow {
  label: string;
  tree: number;
  tokens: number;
  reused: number;
  axisTokens: number;
  axisWidth: number;
  trackLeft: number;
  trackWidth: number;
  reusedWidth: number;
  boxesWidth: number;
  boxesLeft: number;
  boxesRight: number;
  breakX: number | null;
  numberVisible: boolean;
  centre: { x: number; y: number };
}

/** The measuring runs in the page (as a string: the project's types have no DOM). */
const MEASURE_ROWS = `[...document.querySelectorAll('.row')].map((row) => {
  const section = row.closest('section');
  const axis = section.querySelector('.axis').getBoundingClientRect();
  const track = row.querySelector('.track').getBoundingClientRect();
  const boxes = [...row.querySelectorAll('.seg')].map((box) => ({ rect: box.getBoundingClientRect(), reused: box.classList.contains('reused') }));
  const width = (list) => list.reduce((sum, box) => sum + box.rect.width, 0);
  const mark = row.querySelector('.break');
  const label = row.querySelector('.label').getBoundingClientRect();
  const n = row.querySelector('.label .n').getBoundingClientRect();
  const page = document.documentElement;
  return {
    label: row.dataset.label,
    tree: Number(section.dataset.tree),
    tokens: Number(row.dataset.tokens),
    reused: Number(row.dataset.reused),
    axisTokens: Number(section.dataset.axis),
    axisWidth: axis.width,
    trackLeft: track.left - axis.left,
    trackWidth: track.width,
    reusedWidth: width(boxes.filter((box) => box.reused)),
    boxesWidth: width(boxes),
    boxesLeft: Math.min(...boxes.map((box) => box.rect.left)),
    boxesRight: Math.max(...boxes.map((box) => box.rect.right)),
    breakX: mark ? mark.getBoundingClientRect().left + mark.getBoundingClientRect().width / 2 : null,
    numberVisible: n.width > 0 && n.right <= label.right + 0.5,
    centre: { x: track.left + page.scrollLeft + Math.min(4, track.width / 2), y: track.top + page.scrollTop + track.height / 2 },
  };
})`;

/** The colour at each point of a PNG (base64), read back through a canvas in the page. */
const sampleColours = (shot: string, points: readonly { x: number; y: number }[]) => `(async () => {
  const image = new Image();
  image.src = 'data:image/png;base64,${shot}';
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = image.width;
  canvas.height = image.height;
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  return ${JSON.stringify(points)}.map(({ x, y }) => Array.from(context.getImageData(Math.round(x), Math.round(y), 1, 1).data.slice(0, 3)));
})()`;

const drawnRows = (page: Page): Promise<DrawnRow[]> => page.evaluate(MEASURE_ROWS) as Promise<DrawnRow[]>;

let browser: Browser;
let directory: string;

describe.skipIf(!hasChromium)(browserTitle('HTML prefix map in Chromium: the picture agrees with the numbers'), () => {
  beforeAll(async () => {
    browser = await launchChromium();
    directory = await mkdtemp(path.join(tmpdir(), 'kvprefix-html-truth-'));
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  describe.each(pages)('$name', ({ name, html }) => {
    let page: Page;
    let rows: DrawnRow[];
    const problems: string[] = [];
    beforeAll(async () => {
      const file = path.join(directory, `${name.replace(/\W+/g, '-')}.html`);
      await writeFile(file, await html());
      page = await browser.newPage({ viewport: { width: WINDOW, height: 900 }, deviceScaleFactor: 1 });
      page.on('pageerror', (error) => void problems.push(error.message));
      await page.goto(pathToFileURL(file).href);
      await page.waitForSelector('body[data-ready="true"]');
      rows = await drawnRows(page);
    }, 600_000);

    it('draws rows, without errors', () => {
      expect(problems).toEqual([]);
      expect(rows.length).toBeGreaterThan(3);
    });

    it("every bar's green share is its request's predicted reused share (within 2% of the bar)", () => {
      const off = rows.filter((row) => row.tokens > 0 && Math.abs(row.reusedWidth / row.boxesWidth - row.reused / row.tokens) > 0.02);
      expect(off.map((row) => `${row.label}: green ${(row.reusedWidth / row.boxesWidth).toFixed(3)}, predicted ${(row.reused / row.tokens).toFixed(3)}`)).toEqual([]);
    });

    it("a bar's length on the axis is its request's tokens", () => {
      const off = rows.filter((row) => {
        const drawnTokens = ((row.boxesRight - row.boxesLeft) / row.axisWidth) * row.axisTokens;
        return Math.abs(row.trackLeft) > 0.5 || Math.abs(drawnTokens - row.tokens) > Math.max(1, (row.axisTokens / row.axisWidth) * 1.5);
      });
      expect(off.map((row) => `${row.label}: drawn ${Math.round(((row.boxesRight - row.boxesLeft) / row.axisWidth) * row.axisTokens)} of ${row.tokens}`)).toEqual([]);
    });

    it("every break marker is inside its bar's extent", () => {
      const outside = rows.filter((row) => row.breakX !== null && (row.breakX < row.boxesLeft - 1 || row.breakX > row.boxesRight + 1));
      expect(outside.map((row) => row.label)).toEqual([]);
    });

    it('is no wider than a 1,400 px window', async () => {
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(WINDOW);
    });

    it('labels are unique within a tree and their #n is never cut', () => {
      const byTree = new Map<number, string[]>();
      for (const row of rows) byTree.set(row.tree, [...(byTree.get(row.tree) ?? []), row.label]);
      for (const labels of byTree.values()) expect(new Set(labels).size).toBe(labels.length);
      expect(rows.filter((row) => !row.numberVisible).map((row) => row.label)).toEqual([]);
    });

    it('inherited segments show their stripes', async () => {
      const images = (await page.evaluate("[...document.querySelectorAll('.seg.inherited')].map((box) => getComputedStyle(box).backgroundImage)")) as string[];
      // Claude Code subagents start empty: only the DSH pages have inherited history.
      if (name !== 'a Claude Code project') expect(images.length).toBeGreaterThan(0);
      expect(images.every((image) => image.startsWith('repeating-linear-gradient'))).toBe(true);
    });

    it('every row is drawn in a full-page screenshot', async () => {
      const shot = (await page.screenshot({ fullPage: true })).toString('base64');
      // Sample each bar's first pixels in the captured image: a bar not drawn shows the page's background there.
      const colours = (await page.evaluate(sampleColours(shot, rows.map((row) => row.centre)))) as number[][];
      const background = [0xfa, 0xfa, 0xfa];
      const blank = rows.filter((row, index) => row.tokens > 0 && colours[index]!.every((value, channel) => Math.abs(value - background[channel]!) < 8));
      expect(blank.map((row) => row.label)).toEqual([]);
    });
  });
});
