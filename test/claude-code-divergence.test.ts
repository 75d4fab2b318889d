import { describe, expect, it } from 'vitest';
import { claudeCodeDivergence, type EarlierRequest } from '../src/analysis/claude-code/claude-code-divergence.js';
import { comparePrefix, createRequest, type PrefixRequest } from '../src/prefix/index.js';

const route = { provider: 'anthropic', model: 'claude-sonnet-4-5-20250929' };

function request(head: string, ...messages: string[]): PrefixRequest {
  return createRequest(route, 'anthropic', [
    { kind: 'system', name: 'claude-code head', content: head },
    ...messages.map((text, index) => ({ kind: 'message' as const, name: `message[${index}]:user text`, content: text })),
  ]);
}

const earlier = (ageSeconds: number, model = route.model): EarlierRequest => ({ session: 's', index: 3, model, ageSeconds });

describe('Claude Code divergence causes', () => {
  const before = request('[head]', 'first question', 'first answer');
  const cases = [
    { name: 'a request that only appends is an extension', after: request('[head]', 'first question', 'first answer', 'second question'), age: 20, cause: 'extension', kind: null, segment: null },
    { name: 'an edited earlier message is history, named by this request’s segment', after: request('[head]', 'first question (edited)', 'first answer'), age: 20, cause: 'history', kind: 'message', segment: 'message[0]:user text' },
    { name: 'a different head is system', after: request('[other head]', 'first question', 'first answer'), age: 20, cause: 'system', kind: 'system', segment: 'claude-code head' },
    { name: 'an expired entry is the TTL, whatever the bytes', after: request('[head]', 'first question', 'first answer', 'later'), age: 301, cause: 'ttl', kind: null, segment: null },
  ] as const;
  for (const testCase of cases) {
    it(testCase.name, () => {
      const divergence = claudeCodeDivergence({
        request: testCase.after,
        model: route.model,
        against: earlier(testCase.age),
        comparison: comparePrefix(before, testCase.after),
        previousInSession: earlier(testCase.age),
        ttlSeconds: 300,
      });
      expect(divergence).toMatchObject({ cause: testCase.cause, kind: testCase.kind, name: testCase.segment, against: { session: 's', index: 3 } });
    });
  }

  it('a head that differs with nothing logged to tell why says so; one sent by another Claude Code version names both versions', () => {
    const after = request('[other head]', 'first question', 'first answer');
    const unknown = claudeCodeDivergence({ request: after, model: route.model, against: earlier(20), comparison: comparePrefix(before, after), previousInSession: earlier(20), ttlSeconds: 300 });
    expect(unknown).toMatchObject({ cause: 'system', detail: 'the head (tools and system prompt) differs: what changed is not recorded in the transcript' });
    const older = { ...earlier(20), version: '2.0.37' };
    const upgraded = claudeCodeDivergence({ request: after, model: route.model, version: '2.0.55', against: older, comparison: comparePrefix(before, after), previousInSession: older, ttlSeconds: 300 });
    expect(upgraded?.detail).toBe('the head (tools and system prompt) differs: Claude Code 2.0.37 → 2.0.55 (the system prompt and tools come with the version)');
  });

  it('nothing earlier on the route after a model switch is the route', () => {
    const divergence = claudeCodeDivergence({ request: before, model: route.model, against: null, comparison: null, previousInSession: earlier(10, 'claude-opus-4-5-20251101'), ttlSeconds: 300 });
    expect(divergence).toMatchObject({ cause: 'route', inferred: false, detail: expect.stringContaining('claude-opus-4-5-20251101') });
  });

  it('the first request of a session has no divergence', () => {
    expect(claudeCodeDivergence({ request: before, model: route.model, against: null, comparison: null, previousInSession: null, ttlSeconds: 300 })).toBeNull();
  });
});
