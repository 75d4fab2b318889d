import { expect, it } from 'vitest';
import { growingConversation } from '../bench/support/growing-conversation.js';
import { choosePolicy } from '../src/analysis/shipped-policies/policy-choice.js';
import { policyByName } from '../src/analysis/shipped-policies/policy-registry.js';
import { BodyHistory } from '../src/analysis/watch/body-history.js';
import { watchFetch, type WatchPrediction } from '../src/analysis/watch/index.js';
import { predictRequest, type PredictContext } from '../src/analysis/watch/predict-request.js';
import { RouteMemory } from '../src/analysis/watch/route-memory.js';
import { readRequestBody } from '../src/analysis/bodies/read-request-body.js';
import { getTokenizer, PrefixTokenCounter } from '../src/prefix/index.js';
import { describeWithCorpus } from './support/corpus.js';

/*
 * The watch reads each body of a growing conversation from the one before (only the new messages
 * are parsed, rendered and hashed). Its predictions must be the ones that reading every body whole,
 * with nothing reused, gives: same segments, hashes and token counts, same matches, causes, losses.
 */

const START = Date.parse('2026-06-01T09:00:00Z');
const SHAPES = {
  chat: { url: 'https://api.openai.com/v1/chat/completions', provider: 'openai' },
  anthropic: { url: 'https://api.anthropic.com/v1/messages', provider: 'anthropic' },
} as const;
const answer = (async () => new Response('{}', { headers: { 'content-type': 'application/json' } })) as typeof fetch;

/** The predictions of every body read whole (`JSON.parse`, no reuse), the `index`-th request sent at `START + index` seconds. */
function predictedWhole(texts: readonly string[], url: string, provider: string): WatchPrediction[] {
  const counter = new PrefixTokenCounter(getTokenizer());
  const policy = choosePolicy('auto', provider, policyByName).policy;
  const context: PredictContext = { memory: new RouteMemory({ routes: 32, requestsPerRoute: 64 }, counter), counter, policyFor: () => policy, last: undefined, spans: new WeakMap() };
  // Each request is accepted (the answer is a 200), so each is remembered before the next.
  return texts.map((text, index) => {
    const { prediction, commit } = predictRequest(readRequestBody(JSON.parse(text), { source: url, endpoint: url }), context, index, START / 1000 + index);
    commit();
    return prediction;
  });
}

describeWithCorpus(['claude-code-prompts-piebald', 'github-mcp-server-toolsnaps', 'openhands', 'swe-agent', 'claude-code-sessions'], 'watchFetch on a growing conversation of real text', () => {
  for (const shape of ['chat', 'anthropic'] as const) {
    it(`${shape}: each body is read from the one before, and the predictions equal those of reading every body whole`, async () => {
      const { url, provider } = SHAPES[shape];
      const { bodies } = growingConversation(getTokenizer('o200k_base'), shape, 10, 90_000);
      const texts = bodies.map((body) => JSON.stringify(body));

      // Every body after the first is spliced from its predecessor: its unchanged messages are the same objects.
      const history = new BodyHistory(8);
      let previous: unknown[] | undefined;
      for (const text of texts) {
        const messages = history.read(text)!.known.body.json['messages'] as unknown[];
        if (previous) expect(messages[0]).toBe(previous[0]);
        previous = messages;
      }

      let now = START;
      const predictions: WatchPrediction[] = [];
      const errors: Error[] = [];
      const watched = watchFetch(answer, { clock: () => now, onRequest: (prediction) => predictions.push(prediction), onError: (error) => errors.push(error) });
      for (const [index, text] of texts.entries()) {
        now = START + index * 1000;
        await (await watched(url, { method: 'POST', body: text })).text();
      }
      expect(errors).toEqual([]);
      expect(predictions).toStrictEqual(predictedWhole(texts, url, provider));
      expect(predictions.slice(1).every((prediction) => prediction.divergence?.cause === 'extension' && prediction.predicted.cacheRead > 0)).toBe(true);
    });
  }
});
