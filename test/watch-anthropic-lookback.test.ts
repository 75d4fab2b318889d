import Anthropic from '@anthropic-ai/sdk';
import path from 'node:path';
import { expect, it } from 'vitest';
import { bufferedIo, EXIT, runCli } from '../src/cli/index.js';
import { ruleServerPerTest } from './support/anthropic-rule-server.js';
import { corpusTextOfBlock, describeWithCorpus } from './support/corpus.js';
import { recordingWatch } from './support/watch-record.js';

// Issue 28 §1: the 20-block lookback on every path, here the watch and its record replayed
// (platform.claude.com prompt-caching: at a breakpoint the system checks at most 20 blocks back for
// an earlier entry). The earlier request marks its only message; the later one marks only its last
// message, 20 or 21 content blocks further on, so it finds the earlier entry or does not.
const PROMPTS = 'claude-code-prompts-piebald/system-prompts';
const MODEL = 'claude-sonnet-4-5';
const USAGE = { input_tokens: 12, cache_read_input_tokens: 0, cache_creation_input_tokens: 0, output_tokens: 3 };

const startServer = ruleServerPerTest();

describeWithCorpus(PROMPTS, 'watchFetch and its record: the 20-block lookback', () => {
  const system = corpusTextOfBlock(PROMPTS, 'tool-description-workflow.md');

  /** `count` alternating turns, each one text block, only the last one marked. */
  const body = (count: number) => ({
    model: MODEL,
    max_tokens: 10,
    system: system(),
    messages: Array.from({ length: count }, (_, index) => ({
      role: index % 2 === 0 ? ('user' as const) : ('assistant' as const),
      content: [{ type: 'text' as const, text: `turn ${index}: ${index % 2 === 0 ? 'run the next check' : 'done, all green'}`, ...(index === count - 1 ? { cache_control: { type: 'ephemeral' as const } } : {}) }],
    })),
  });

  /** A one-message request, then one of `laterCount` messages, through the SDK and a recording watch told the provider. */
  async function earlierThenLater(laterCount: number) {
    const server = await startServer(() => ({ usage: USAGE }));
    const { watched, done } = recordingWatch(fetch, { provider: 'anthropic' });
    const client = new Anthropic({ apiKey: 'test-key', baseURL: server.url, fetch: watched, maxRetries: 0 });
    await client.messages.create(body(1));
    await client.messages.create(body(laterCount));
    const { record, predictions } = await done();
    const [earlier, later] = predictions;
    return { record, earlier: earlier!, later: later! };
  }

  /** The tokens read over the record when `analyze RECORD --ttl 1h` replays it, under its own TTLs and under the hour (no gap: the same). */
  async function replayedReads(record: string): Promise<{ replayed: number; alternative: number }> {
    const io = bufferedIo(path.dirname(record));
    expect(await runCli(['analyze', path.basename(record), '--ttl', '1h', '--json'], io)).toBe(EXIT.ok);
    const ttl = JSON.parse(io.out.join('')).whatIf.ttl as { kind: string; cacheRead: { replayed: number; alternative: number } };
    expect(ttl.kind).toBe('replayed');
    return ttl.cacheRead;
  }

  it('a breakpoint 20 blocks after the earlier one reads the earlier request whole, in the watch and in the replayed record', async () => {
    const { record, earlier, later } = await earlierThenLater(21);
    expect(earlier.predicted.cacheWrite).toBe(earlier.tokens);
    expect(later.predicted.cacheRead).toBe(earlier.tokens);
    expect(await replayedReads(record)).toEqual({ replayed: earlier.tokens, alternative: earlier.tokens });
  });

  it('a breakpoint 21 blocks after the earlier one does not find it and reads nothing, in the watch and in the replayed record', async () => {
    const { record, earlier, later } = await earlierThenLater(22);
    expect(earlier.predicted.cacheWrite).toBe(earlier.tokens);
    expect(later.predicted.cacheRead).toBe(0);
    expect(await replayedReads(record)).toEqual({ replayed: 0, alternative: 0 });
  });
});
