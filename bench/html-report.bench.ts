import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openaiPolicy, renderHtmlReport } from '../src/analysis/index.js';
import { getTokenizer } from '../src/prefix/index.js';

import { browserLoadMs } from './support/browser-load.js';
import { largeFamily } from './support/large-family.js';
import { measurePair, type PairOptions } from './support/measure-pair.js';
import { toBenchResult, type Scenario } from './support/scenario.js';

/*
 * The HTML prefix map at the size the issue asks to stay usable at: 200 requests whose shared part
 * is over 100k tokens (`support/large-family.ts`, real text). Timed: `renderHtmlReport` against
 * `JSON.stringify` of the same analysis (what `--json` writes: the floor for putting it anywhere).
 * Reported: the file size, the time Chromium takes to load and draw it (when installed), and the
 * one-off time of the family analysis that produced it. Informational: no goal.
 */

const TIMING: PairOptions = { rounds: 3, timeMs: 1000, iterations: 5, warmupIterations: 1 };

export const htmlReportScenario: Scenario = {
  name: 'html-report',
  description: 'renderHtmlReport of a 200-request tree with 100k-token shared prefixes vs JSON.stringify; file size and Chromium load time',
  async run(context) {
    const start = performance.now();
    const tree = largeFamily(getTokenizer('o200k_base'), openaiPolicy);
    const familyMs = performance.now() - start;
    const html = renderHtmlReport([tree]);
    const file = path.join(tmpdir(), `kvprefix-html-report-${process.pid}.html`);
    writeFileSync(file, html);
    const segments = tree.sessions.reduce((sum, session) => sum + (session.requests[0]?.segments?.length ?? 0), 0);
    context.log(`html-report: ${tree.sessions.length} requests, ${segments} segments, family analysis ${familyMs.toFixed(0)} ms, page ${html.length} bytes`);
    const loadMs = await browserLoadMs(file);
    context.log(`html-report: chromium load and draw ${loadMs === null ? 'not measured (no /usr/bin/chromium)' : `${loadMs.toFixed(0)} ms`}`);
    const timing = await measurePair(() => renderHtmlReport([tree]), () => JSON.stringify(tree), TIMING);
    return [
      toBenchResult(
        {
          name: 'html-report/200-requests',
          scenario: 'html-report',
          subject: 'renderHtmlReport([tree])',
          baselineName: 'JSON.stringify(tree)',
          goal: null,
          details: {
            requests: tree.sessions.length,
            segments,
            largestRequestTokens: Math.max(...tree.sessions.map((session) => session.requests[0]?.tokens ?? 0)),
            fileBytes: Buffer.byteLength(html),
            jsonBytes: Buffer.byteLength(JSON.stringify(tree)),
            browserLoadMs: loadMs === null ? 'not measured' : Math.round(loadMs),
            familyAnalysisMs: Math.round(familyMs),
          },
        },
        timing.ours,
        timing.baseline,
      ),
    ];
  },
};
