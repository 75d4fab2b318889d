import { describe, expect, it } from 'vitest';
import { dshChatBody, firstRequestHeader, readDshEvents, surfaceAt } from '../examples/dsh-request-bodies.js';
import { readRequestBody } from '../src/analysis/index.js';
import { comparePrefix } from '../src/prefix/index.js';
import { corpusPath } from './support/corpus.js';

// DSH's headless advanced-toolchain scenario: a parent that delegates to a direct spawn child
// (session.1) and, through a workflow, to another (session.2). These logs carry their request heads
// inline, so nothing here comes from a pin.
const SCENARIO = 'dsh/examples/headless-agent/tests/snapshots/advanced-toolchain';

/** The first request a session sent, as a DeepSeek chat body built from its own log. */
function firstRequest(log: string) {
  const file = corpusPath(SCENARIO, log);
  const events = readDshEvents(file);
  const { model, head } = firstRequestHeader(events, file);
  if (!head) throw new Error(`${file}: its request/header does not carry the head inline`);
  return { head, request: readRequestBody(dshChatBody(model, head, surfaceAt(events, 1, 1, file)), { source: file }).request };
}

describe('DSH advanced-toolchain: spawn children share the parent\'s head byte for byte', () => {
  const parent = firstRequest('session.jsonl');

  for (const log of ['session.1.jsonl', 'session.2.jsonl']) {
    it(`${log}: the divergence falls in the messages, after the whole head`, () => {
      const child = firstRequest(log);
      expect(child.head).toEqual(parent.head);
      const headLength = 1 + parent.head.tools.length;
      expect(headLength).toBe(24);

      const result = comparePrefix(parent.request, child.request);
      expect(result.commonPrefix.segments).toBe(headLength);
      expect(result.divergence).toMatchObject({ index: headLength, cause: 'task' });
      expect(['message', 'task']).toContain(result.divergence?.kind);
      const headBytes = parent.request.segments.slice(0, headLength).reduce((sum, segment) => sum + segment.byteLength, 0);
      expect(result.commonPrefix.bytes).toBeGreaterThanOrEqual(headBytes);
      expect(result.divergence!.byteOffset).toBe(result.commonPrefix.bytes);
      // The spawn child's task differs from the parent's first message: nothing of the history is shared.
      expect(result.divergence!.excerpt.child).toContain('‸');
    });
  }
});
