import fc from 'fast-check';
import { expect, it } from 'vitest';
import { growingConversation } from '../bench/support/growing-conversation.js';
import { breakpointsOf, matchEarlier, type Seen } from '../src/analysis/bodies/wire-sequence.js';
import { matchRoute } from '../src/analysis/watch/route-match.js';
import { RouteMemory } from '../src/analysis/watch/route-memory.js';
import { readRequestBody } from '../src/analysis/bodies/read-request-body.js';
import { getTokenizer, PrefixTokenCounter, type PrefixRequest } from '../src/prefix/index.js';
import { describeWithCorpus } from './support/corpus.js';

/*
 * Up to 8 earlier requests on a route, the watch compares a request with each directly instead of
 * walking the longest-prefix index. Both must give the same matches and the same best entry: checked
 * on routes holding several conversations that share a head and part of a history, branch at
 * different messages, change one message, and were sent at different times.
 */

const URL_CHAT = 'https://api.openai.com/v1/chat/completions';

type Body = { model: string; messages: { role: string; content?: unknown }[]; tools: unknown[] };

describeWithCorpus(['claude-code-prompts-piebald', 'github-mcp-server-toolsnaps', 'openhands', 'swe-agent', 'claude-code-sessions'], 'matchRoute: the direct comparison answers what the index answers', () => {
  it('same matches (shared tokens, ages, breakpoints) and the same best entry, on routes of up to 8 branching conversations', () => {
    const { bodies } = growingConversation(getTokenizer('o200k_base'), 'chat', 1, 90_000);
    const whole = bodies[0] as Body;
    const [system, ...history] = whole.messages;
    const counter = new PrefixTokenCounter(getTokenizer());
    const requests = new Map<string, PrefixRequest>();
    /** The request of the first `length` messages, the one at `changed` (if any) replaced by the message after it. */
    const requestOf = (length: number, changed: number | null): PrefixRequest => {
      const key = `${length}:${changed}`;
      let request = requests.get(key);
      if (!request) {
        const messages = history.slice(0, length).map((message, index) => (index === changed ? history[(index + 1) % history.length]! : message));
        request = readRequestBody({ ...whole, messages: [system, ...messages] }, { source: URL_CHAT, endpoint: URL_CHAT }).request;
        requests.set(key, request);
      }
      return request;
    };
    const shape = fc.record({ length: fc.integer({ min: 1, max: history.length }), changed: fc.option(fc.nat({ max: history.length - 1 }), { nil: null }), age: fc.integer({ min: 0, max: 900 }) });
    fc.assert(
      fc.property(fc.array(shape, { minLength: 1, maxLength: 8 }), shape, (entries, next) => {
        const memory = new RouteMemory({ routes: 4, requestsPerRoute: 64 }, counter);
        const now = 10_000;
        const route = requestOf(1, null).route;
        for (const entry of entries) {
          const request = requestOf(entry.length, entry.changed !== null && entry.changed < entry.length ? entry.changed : null);
          const history = memory.history(route);
          const seen: Seen = { request, tokens: counter.prefixTokens(request.segments), time: now - entry.age, session: 'route', index: history.count, breakpoints: breakpointsOf(request, counter) };
          memory.remember(history, seen);
        }
        const request = requestOf(next.length, next.changed !== null && next.changed < next.length ? next.changed : null);
        const history = memory.history(route);
        const direct = matchRoute(memory, history, request, now, counter);
        const indexed = matchEarlier(memory.earlier(history), request, now);
        expect(direct.matches).toStrictEqual(indexed.matches);
        expect(direct.best?.entry).toBe(indexed.best?.entry);
        expect(direct.best?.comparison.commonPrefix).toStrictEqual(indexed.best?.comparison.commonPrefix);
      }),
      { numRuns: 60 },
    );
  });
});
