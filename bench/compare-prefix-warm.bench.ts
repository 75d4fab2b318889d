import { PrefixTokenCounter, comparePrefix, getTokenizer, renderRequest, type PrefixComparison } from '../src/prefix/index.js';
import { buildLargeRequestPair } from './support/large-request.js';
import { measurePair, type PairOptions } from './support/measure-pair.js';
import { measureRssInChild, type RssReport } from './support/measure-rss.js';
import { naiveCompare, type NaiveComparison } from './support/naive-compare.js';
import { toBenchResult, type Scenario } from './support/scenario.js';

/*
 * A warm `comparePrefix` of two ~200k-token requests of real text that differ only in their last
 * message, against tokenizing both requests whole and comparing the token arrays. "Warm" means the
 * same `PrefixTokenCounter` has seen both requests once, as it has in a host that compares each new
 * request with the previous one: every segment's count comes from the memo and only the few
 * characters around the divergence are tokenized. Goal: at least 100× faster.
 *
 * A second, informational result starts from the parts (render and hash both requests, then the
 * warm compare): what a caller pays who has not kept the rendered requests.
 */

const GOAL = 100;
const ROUTE = { provider: 'openai', model: 'gpt-4o' };
const TIMING: PairOptions = { rounds: 3, timeMs: 1500, iterations: 10, warmupIterations: 3 };

/** Fails the bench when kvprefix and the whole-text baseline disagree on any count. */
function assertSameCounts(comparison: PrefixComparison, naive: NaiveComparison): void {
  const pairs = [
    ['common prefix tokens', comparison.commonPrefix.tokens, naive.commonTokens],
    ['parent tokens', comparison.parent.tokens, naive.parentTokens],
    ['child tokens', comparison.child.tokens, naive.childTokens],
  ] as const;
  for (const [what, ours, theirs] of pairs) {
    if (ours !== theirs) throw new Error(`compare-prefix-warm: comparePrefix counts ${ours} ${what}, tokenizing the whole text counts ${theirs}; the benchmark would compare different answers`);
  }
  const last = comparison.parent.segments - 1;
  if (comparison.divergence?.parent?.index !== last || comparison.divergence.child?.index !== last) {
    throw new Error(`compare-prefix-warm: expected the divergence at the last message on both sides, got ${JSON.stringify(comparison.divergence)}`);
  }
}

function memoryDetails(ours: RssReport, naive: RssReport): Record<string, number> {
  const round = (value: number | undefined) => Math.round((value ?? Number.NaN) * 10) / 10;
  return {
    rssWarmMiB: round(ours.phases['after 200 warm compares']?.rss),
    heapWarmMiB: round(ours.phases['after 200 warm compares']?.heapUsed),
    heapOfRequestsAndMemoMiB: round((ours.phases['counter warm']?.heapUsed ?? Number.NaN) - (ours.phases['parts built']?.heapUsed ?? Number.NaN)),
    peakRssMiB: round(ours.peak),
    baselinePeakRssMiB: round(naive.peak),
    rssTokenizerLoadedMiB: round(ours.phases['tokenizer loaded']?.rss),
  };
}

export const comparePrefixWarmScenario: Scenario = {
  name: 'compare-prefix-warm',
  description: 'warm comparePrefix of two ~200k-token requests vs tokenizing both whole and comparing token arrays',
  async run(context) {
    const tokenizer = getTokenizer('o200k_base');
    const pair = buildLargeRequestPair(tokenizer);
    const parent = renderRequest(ROUTE, 'chat', pair.parent);
    const child = renderRequest(ROUTE, 'chat', pair.child);
    const counter = new PrefixTokenCounter(tokenizer);
    // The warm-up the scenario is named for: the counter sees both requests once.
    const comparison = comparePrefix(parent, child, { counter });
    assertSameCounts(comparison, naiveCompare(pair.parent, pair.child, tokenizer));
    context.log(
      `compare-prefix-warm: ${parent.segments.length} segments, ${comparison.parent.tokens} / ${comparison.child.tokens} tokens, ${comparison.commonPrefix.tokens} in common (both methods agree)`,
    );

    const details = {
      segments: parent.segments.length,
      parentTokens: comparison.parent.tokens,
      childTokens: comparison.child.tokens,
      commonTokens: comparison.commonPrefix.tokens,
      parentBytes: comparison.parent.bytes,
      tokenizer: tokenizer.name,
    };
    const warm = await measurePair(() => comparePrefix(parent, child, { counter }), () => naiveCompare(pair.parent, pair.child, tokenizer), TIMING);
    context.log('compare-prefix-warm: from parts');
    const fromParts = await measurePair(
      () => comparePrefix(renderRequest(ROUTE, 'chat', pair.parent), renderRequest(ROUTE, 'chat', pair.child), { counter }),
      () => naiveCompare(pair.parent, pair.child, tokenizer),
      TIMING,
    );
    context.log('compare-prefix-warm: memory, in child processes');
    const memory = memoryDetails(measureRssInChild('bench/compare-prefix-memory.child.ts', 'ours'), measureRssInChild('bench/compare-prefix-memory.child.ts', 'naive'));

    return [
      toBenchResult(
        {
          name: 'compare-prefix-warm/rendered',
          scenario: 'compare-prefix-warm',
          subject: 'comparePrefix(parent, child, {counter}) with a warm counter',
          baselineName: 'JSON text of both requests, tokenized whole, token arrays compared',
          goal: GOAL,
          details: { ...details, ...memory },
        },
        warm.ours,
        warm.baseline,
      ),
      toBenchResult(
        {
          name: 'compare-prefix-warm/from-parts',
          scenario: 'compare-prefix-warm',
          subject: 'renderRequest both from parts, then comparePrefix with a warm counter',
          baselineName: 'JSON text of both requests, tokenized whole, token arrays compared',
          goal: null,
          details,
        },
        fromParts.ours,
        fromParts.baseline,
      ),
    ];
  },
};
