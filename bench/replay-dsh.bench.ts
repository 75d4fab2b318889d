import { analyzeDshSessionTree, DeepSeekV4Renderer, DeepSeekV4Tokenizer, type SessionTreeAnalysis } from '../src/analysis/index.js';
import { PrefixTokenCounter } from '../src/prefix/index.js';
import { loadHeadPins, modelRequestPoints, readSessionLog } from '../src/providers/index.js';
import { recordedDshScenarios, sessionLogsIn } from './support/dsh-recorded.js';
import { measurePair, type PairOptions } from './support/measure-pair.js';
import { measureRssInChild, type RssReport } from './support/measure-rss.js';
import { toBenchResult, type Scenario } from './support/scenario.js';

/*
 * Replaying the DSH sessions recorded against the real API (21 scenario trees, children included)
 * through the DeepSeek policy, against reading the same files alone: every session log and the pins
 * that fill its `{{system}}` / `{{tools}}` placeholders, which is everything the replay reads from
 * disk. The replay adds rebuilding each request from the log, rendering it as DeepSeek V4's server
 * does, hashing it, comparing it with the earlier sequences of its route, and the per-request
 * results. Its DeepSeek counter and renderer are warm, as in a process that analyses many logs with
 * one of each (the vocabulary loads once; segments seen once are never tokenized again; tool schemas
 * are rendered once); the first, cold pass is reported beside it. Goal: at least half the speed of reading alone.
 *
 * Memory: one long log (a recorded five-request tool loop repeated for 20 and for 80 turns, up to
 * 400 requests over a history that keeps growing) is replayed in a child process of its own.
 */

const GOAL = 0.5;
const TIMING: PairOptions = { rounds: 3, timeMs: 2500, iterations: 4, warmupIterations: 1 };

/** What a process analysing many logs keeps between them: one DeepSeek counter and one renderer. */
interface Shared {
  readonly deepseekCounter: PrefixTokenCounter;
  readonly deepseekRenderer: DeepSeekV4Renderer;
}

async function replayAll(folders: readonly string[], shared: Shared): Promise<SessionTreeAnalysis[]> {
  const trees: SessionTreeAnalysis[] = [];
  for (const folder of folders) trees.push(await analyzeDshSessionTree(folder, shared));
  return trees;
}

async function readAll(files: readonly string[]): Promise<number> {
  let rows = 0;
  for (const file of files) {
    const log = await readSessionLog(file);
    await loadHeadPins(file);
    rows += log.events.length;
  }
  return rows;
}

/** Fails the bench unless the replay covered exactly the requests the logs record. */
async function assertSameRequests(files: readonly string[], trees: readonly SessionTreeAnalysis[]): Promise<number> {
  let recorded = 0;
  for (const file of files) recorded += modelRequestPoints(await readSessionLog(file)).filter((point) => !point.seeded).length;
  const replayed = trees.reduce((sum, tree) => sum + tree.sessions.reduce((inner, session) => inner + session.requests.length, 0), 0);
  const sessions = trees.reduce((sum, tree) => sum + tree.sessions.length, 0);
  if (replayed !== recorded || sessions !== files.length) {
    throw new Error(`replay-dsh: the logs record ${recorded} requests in ${files.length} sessions, the replay returned ${replayed} in ${sessions}; the benchmark would compare different work`);
  }
  return replayed;
}

function memoryDetails(short: RssReport, long: RssReport): Record<string, number> {
  const round = (value: number | undefined) => Math.round((value ?? Number.NaN) * 10) / 10;
  return {
    rssTokenizerLoadedMiB: round(long.phases['tokenizer loaded']?.rss),
    rssAfter100RequestsMiB: round(short.phases['replayed, result held']?.rss),
    rssAfter400RequestsMiB: round(long.phases['replayed, result held']?.rss),
    heapAfter100RequestsMiB: round(short.phases['replayed, result held']?.heapUsed),
    heapAfter400RequestsMiB: round(long.phases['replayed, result held']?.heapUsed),
    peakRss400RequestsMiB: round(long.peak),
  };
}

export const replayDshScenario: Scenario = {
  name: 'replay-dsh',
  description: 'replay of the recorded DSH session trees through the DeepSeek policy vs reading their logs and pins alone',
  async run(context) {
    const folders = recordedDshScenarios();
    const files = folders.flatMap((folder) => sessionLogsIn(folder));
    const shared: Shared = { deepseekCounter: new PrefixTokenCounter(new DeepSeekV4Tokenizer()), deepseekRenderer: new DeepSeekV4Renderer() };
    const coldStarted = performance.now();
    const trees = await replayAll(folders, shared);
    const coldMs = performance.now() - coldStarted;
    const requests = await assertSameRequests(files, trees);
    context.log(`replay-dsh: ${folders.length} trees, ${files.length} logs, ${requests} requests; cold pass (vocabulary load included) ${coldMs.toFixed(0)} ms`);

    const timing = await measurePair(() => replayAll(folders, shared), () => readAll(files), TIMING);
    context.log('replay-dsh: memory of a long log, in child processes');
    const memory = memoryDetails(measureRssInChild('bench/replay-dsh-memory.child.ts', '20'), measureRssInChild('bench/replay-dsh-memory.child.ts', '80'));
    return [
      toBenchResult(
        {
          name: 'replay-dsh/recorded',
          scenario: 'replay-dsh',
          subject: 'analyzeDshSessionTree on every recorded tree, one warm DeepSeek counter and renderer',
          baselineName: 'readSessionLog + loadHeadPins on every log of those trees',
          goal: GOAL,
          details: { trees: folders.length, logs: files.length, requests, coldPassMs: Math.round(coldMs), ...memory },
        },
        timing.ours,
        timing.baseline,
      ),
    ];
  },
};
