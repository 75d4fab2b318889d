import { hitRateChart } from './hit-rate-chart.js';
import type { SimulationResult } from './trace-replay.js';
import { groupDigits } from '../../prefix/group-digits.js';
import { terminalText } from '../text/terminal-text.js';

/** The `--json` document of a replay: everything but per-request hits (an in-memory replay's `hitBlocksByRequest`). */
export function simulationJson(result: SimulationResult): SimulationResult {
  const { hitBlocksByRequest: _perRequest, ...document } = result as SimulationResult & { hitBlocksByRequest?: unknown };
  return document;
}

const count = groupDigits;
const percent = (rate: number) => `${(100 * rate).toFixed(1)}%`;
const money = (value: number, currency: string) => `${value.toFixed(2)} ${currency}`;

function limitsText(result: SimulationResult): string {
  const { capacityBlocks, ttlSeconds, blockTokens, bucketSeconds } = result.settings;
  const capacity = capacityBlocks === null ? 'unbounded' : `${count(capacityBlocks)} blocks (${count(capacityBlocks * blockTokens)} tokens), LRU`;
  const ttl = ttlSeconds === null ? 'no TTL' : `TTL ${count(ttlSeconds)} s`;
  return `cache: ${capacity}, ${ttl}, ${count(blockTokens)} tokens per block; one column per ${count(bucketSeconds)} s`;
}

/**
 * The human report of a replay: the settings, a hit-rate chart, totals, and what the policy bills.
 * The file name, model, currency and price source are input: their control characters are escaped.
 */
export function simulationText(result: SimulationResult): string {
  const lines = [
    `${result.source}: ${count(result.requests)} requests over ${count(Math.round(result.durationSeconds))} s`,
    limitsText(result),
    '',
    'hit rate over time (hit blocks / blocks requested)',
    hitRateChart(result.series),
    `blocks     ${count(result.hitBlocks)} of ${count(result.blocks)} hit: ${percent(result.hitRate)}`,
    `tokens     ${count(result.hitTokens)} of ${count(result.inputTokens)} input tokens in hit blocks: ${percent(result.tokenHitRate)}`,
    `evicted    ${count(result.evictedBlocks)} blocks (capacity)`,
    `expired    ${count(result.expiredBlocks)} blocks (TTL)`,
    `peak       ${count(result.peakBlocks)} blocks held at once`,
  ];
  const policy = result.policy;
  if (policy) {
    lines.push(
      '',
      `${policy.policy} policy, ${policy.model}: ${count(policy.cacheRead)} tokens read from cache, ${count(policy.cacheWrite)} written, ${count(policy.uncached)} uncached`,
      `cost       ${money(policy.cost, policy.currency)} with reuse, ${money(policy.costWithoutCache, policy.currency)} without (prices: ${policy.priceSource})`,
    );
    if (policy.assumption !== null) lines.push(`assumed    ${policy.assumption}`);
  }
  return terminalText(`${lines.join('\n')}\n`);
}
