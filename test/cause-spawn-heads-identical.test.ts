import { beforeAll, expect, it } from 'vitest';
import { readRequestBody } from '../src/analysis/index.js';
import { chatRequestBody, modelRequestPoints, readSessionLog, requestHeadAt } from '../src/providers/session/index.js';
import { corpusPath, describeWithCorpus } from './support/corpus.js';
import { compareWithCause } from './support/compare-with-cause.js';

// DSH's headless advanced-toolchain scenario: a parent that delegates to a direct spawn child
// (session.1) and, through a workflow, to another (session.2). These logs carry their request heads
// inline, so nothing here comes from a pin.
const SCENARIO = 'dsh/examples/headless-agent/tests/snapshots/advanced-toolchain';

/** The first request a session sent (turn 1, step 1), as a DeepSeek chat body built from its own log with no pins. */
async function firstRequest(log: string) {
  const file = corpusPath(SCENARIO, log);
  const session = await readSessionLog(file);
  const point = modelRequestPoints(session).find((candidate) => candidate.turn === 1 && candidate.step === 1);
  if (!point) throw new Error(`${file}: no request at turn 1, step 1`);
  // No pins are given: a header that wrote `{{system}}` / `{{tools}}` instead of its head is refused here.
  const { system, tools } = requestHeadAt(session, point.through);
  return { head: { system, tools }, request: readRequestBody(chatRequestBody(session, { through: point.through }), { source: file }).request };
}

describeWithCorpus('dsh', 'DSH advanced-toolchain: spawn children share the parent\'s head byte for byte', () => {
  let parent: Awaited<ReturnType<typeof firstRequest>>;
  beforeAll(async () => {
    parent = await firstRequest('session.jsonl');
  });

  for (const log of ['session.1.jsonl', 'session.2.jsonl']) {
    it(`${log}: the divergence falls in the messages, after the whole head`, async () => {
      const child = await firstRequest(log);
      expect(child.head).toEqual(parent.head);
      const headLength = 1 + parent.head.tools.length;
      expect(headLength).toBe(24);

      const result = compareWithCause(parent.request, child.request);
      expect(result.commonPrefix.segments).toBe(headLength);
      expect(result.divergence).toMatchObject({ index: headLength, cause: 'task' });
      expect(['message', 'task']).toContain(result.divergence?.kind);
      const headBytes = parent.request.segments.slice(0, headLength).reduce((sum, segment) => sum + segment.byteLength, 0);
      expect(result.commonPrefix.bytes).toBeGreaterThanOrEqual(headBytes);
      expect(result.divergence!.byteOffset).toBe(result.commonPrefix.bytes);
      // The spawn child's task differs from the parent's first message: nothing of the history is shared.
      expect(result.divergence!.excerpt.child).toContain('‸');
      // Both tasks open with "R": the first differing byte is the second character of the task text.
      expect(result.divergence).toMatchObject({ name: 'message[1]:user', segmentByteOffset: Buffer.byteLength('{"role":"user","content":"R') });
      expect(result.divergence!.excerpt.parent).toContain('{"role":"user","content":"R‸un this advanced flow exactly once');
      expect(result.divergence!.excerpt.child).toMatch(/\{"role":"user","content":"R‸eply with exactly (DIRECT|WORKFLOW)_CHILD_OK/);
    });
  }
});
