import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import type { WatchPrediction } from '../src/analysis/watch/index.js';
import { EXIT } from '../src/cli/index.js';
import { cassetteInteractions } from './support/cassette-server.js';
import { describeWithCorpus } from './support/corpus.js';
import { analyzeFailOn, recordingWatch } from './support/watch-record.js';

// Two requests recorded against Anthropic's API: the second repeats the first's conversation and
// appends to it (it read 1,111 tokens), so only time can break its cache.
const ANTHROPIC = 'test_anthropic/test_anthropic_cache_real_api.yaml';
const URL_MESSAGES = 'https://api.anthropic.com/v1/messages';
const START = Date.parse('2026-06-01T09:00:00Z');

/** Sends the cassette's requests through a watch that records them, the second `gapSeconds` after the first. */
async function recordWithGap(gapSeconds: number): Promise<{ record: string; predictions: WatchPrediction[] }> {
  const interactions = cassetteInteractions(ANTHROPIC);
  let now = START;
  let answered = 0;
  const transport = (async () => new Response(JSON.stringify(interactions[answered++]!.response), { headers: { 'content-type': 'application/json' } })) as typeof fetch;
  const { watched, done } = recordingWatch(transport, { clock: () => now });
  for (const [index, interaction] of interactions.entries()) {
    if (index > 0) now += gapSeconds * 1000;
    await (await watched(URL_MESSAGES, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(interaction.request) })).json();
  }
  return done();
}

describeWithCorpus('pydantic-ai-cache-cassettes', 'kvprefix analyze RECORD --fail-on any-break: an idle gap past the TTL is a break', () => {
  it('fails (exit 1) on a recorded run whose second request extends the first 10 minutes later, past the 5-minute TTL, naming the request and the gap', async () => {
    const { record, predictions } = await recordWithGap(600);
    expect(readFileSync(record, 'utf8').trim().split('\n')).toHaveLength(2);
    // Recorded as sent: the bytes only extend the first request; what was lost is the TTL's doing.
    expect(predictions[1]!.divergence?.cause).toBe('extension');
    expect(predictions[1]!.loss).toMatchObject({ cause: 'ttl', at: null });
    expect(predictions[1]!.predicted.cacheRead).toBe(0);

    const result = await analyzeFailOn(record, 'any-break');
    expect(result.code).toBe(EXIT.findings);
    expect(result.err).toMatch(/^--fail-on any-break: failed, 1 request broke the cached prefix:/);
    expect(result.err).toContain(`request 1 ${new Date(START + 600_000).toISOString()}: ttl: idle gap of 10m 0s since request 0 on this route: its cache entry expired`);
    const request = JSON.parse(result.out).sessions[0].requests[1];
    expect(request.divergence).toMatchObject({ cause: 'ttl', against: { index: 0 } });

    // The head was kept: the guard rule on the head does not fail it.
    expect((await analyzeFailOn(record, 'lost-head')).code).toBe(EXIT.ok);
  });

  it('passes (exit 0) on the same run with the second request sent one minute after the first, inside the TTL', async () => {
    const { record, predictions } = await recordWithGap(60);
    expect(predictions[1]!.loss).toBeNull();
    expect(predictions[1]!.predicted.cacheRead).toBeGreaterThan(0);
    const result = await analyzeFailOn(record, 'any-break');
    expect(result.err).toMatch(/^--fail-on any-break: passed/);
    expect(result.code).toBe(EXIT.ok);
  });
});
