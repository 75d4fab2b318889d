import path from 'node:path';
import { expect, it } from 'vitest';
import { readRequestBody } from '../src/analysis/index.js';
import { comparePrefix, renderRequest, type PrefixRequest } from '../src/prefix/index.js';
import {
  chatRequestBody,
  loadHeadPins,
  modelRequestPoints,
  readSessionLog,
  reconstructRequest,
  type ModelRequestPoint,
  type ReconstructedRequest,
  type SessionLog,
} from '../src/providers/session/index.js';
import { corpusPath, describeWithCorpus, hasCorpus, readCorpusText } from './support/corpus.js';

/*
 * A session's request as a DeepSeek chat completions body, read back the way kvprefix reads captured
 * traffic, must be the request `reconstructRequest` rebuilds from the same log: the same bytes in
 * the same segments, so the same prefix-hash chain. Checked at every model request the DSH
 * subagent-fork-in-process parent and fork child recorded (a real DeepSeek session).
 */
const SCENARIO = corpusPath('dsh/examples/acp-agent/tests/snapshots/subagent-fork-in-process');
const TEXT_TURN = 'dsh/examples/acp-agent/tests/snapshots/text-turn';

interface RequestPair {
  readonly point: ModelRequestPoint;
  /** The body, after a trip through JSON text as it would be written to and read from a file. */
  readonly body: Record<string, unknown>;
  readonly fromBody: PrefixRequest;
  readonly reconstructed: PrefixRequest;
  /** What `reconstructRequest` built, for its parts. */
  readonly rebuilt: ReconstructedRequest;
}

async function requestPairs(name: string): Promise<{ log: SessionLog; pairs: RequestPair[] }> {
  const file = path.join(SCENARIO, name);
  const log = await readSessionLog(file);
  const pins = await loadHeadPins(file);
  const pairs = modelRequestPoints(log).map((point) => {
    const body = JSON.parse(JSON.stringify(chatRequestBody(log, { through: point.through, pins }))) as Record<string, unknown>;
    const rebuilt = reconstructRequest(log, { through: point.through, pins });
    return { point, body, fromBody: readRequestBody(body, { source: file }).request, reconstructed: rebuilt.request, rebuilt };
  });
  return { log, pairs };
}

// Read at collection time (`it.each` needs the cases), so only when the corpus is there.
const noPairs = { pairs: [] as RequestPair[] };
const parent = hasCorpus('dsh') ? await requestPairs('session.jsonl') : noPairs;
const child = hasCorpus('dsh') ? await requestPairs('session.1.jsonl') : noPairs;
const cases = [
  ...parent.pairs.map((pair) => ({ label: `parent turn ${pair.point.turn} step ${pair.point.step}`, ...pair })),
  ...child.pairs.map((pair) => ({ label: `child ${pair.point.seeded ? 'seeded ' : ''}turn ${pair.point.turn} step ${pair.point.step}`, ...pair })),
];

describeWithCorpus('dsh', 'chatRequestBody: a DSH request as a DeepSeek chat body', () => {
  it('covers every request the two logs record: the parent\'s three and the child\'s seeded and own one', () => {
    expect(cases.map((entry) => entry.label)).toEqual(['parent turn 1 step 1', 'parent turn 2 step 1', 'parent turn 2 step 2', 'child seeded turn 1 step 1', 'child turn 2 step 1']);
  });

  it('is a streaming DeepSeek body with usage requested, the text-turn system prompt first and its 19 tools in pinned order', () => {
    const pin = JSON.parse(readCorpusText(TEXT_TURN, 'tool-schemas.expected.json')) as { initial: { name: string }[] };
    const system = readCorpusText(TEXT_TURN, 'system-prompt.expected.md').trimEnd();
    for (const { body } of cases) {
      expect(body).toMatchObject({ model: 'deepseek-v4-flash', stream: true, stream_options: { include_usage: true } });
      expect(Object.keys(body)).toEqual(['model', 'messages', 'tools', 'stream', 'stream_options']);
      expect((body['messages'] as unknown[])[0]).toEqual({ role: 'system', content: system });
      const tools = body['tools'] as { type: string; function: { name: string } }[];
      expect(tools.map((tool) => tool.function.name)).toEqual(pin.initial.map((tool) => tool.name));
      expect(tools).toHaveLength(19);
      expect(tools.every((tool) => tool.type === 'function')).toBe(true);
    }
  });

  it.each(cases)('$label: read back, every segment has the bytes reconstructRequest renders', ({ fromBody, reconstructed }) => {
    expect(fromBody.layout).toBe('chat');
    expect(fromBody.route.model).toBe(reconstructed.route.model);
    expect(fromBody.segments.map((segment) => segment.kind === 'task' ? 'message' : segment.kind)).toEqual(reconstructed.segments.map((segment) => segment.kind === 'task' ? 'message' : segment.kind));
    expect(fromBody.segments.map((segment) => segment.hash)).toEqual(reconstructed.segments.map((segment) => segment.hash));
    expect(fromBody.segments.map((segment) => segment.byteLength)).toEqual(reconstructed.segments.map((segment) => segment.byteLength));
    // Head (1 system + 19 tools) and at least the first user message.
    expect(fromBody.segments.length).toBeGreaterThan(20);
  });

  it.each(cases)('$label: on one route, the prefix-hash chains of head and messages are equal link for link', ({ fromBody, reconstructed, rebuilt }) => {
    // A body carries no provider: the reader names the cache the body reaches (`deepseek`, from the
    // model), the log names DSH's adapter route (`deepseek-official`). Laid on one route, the
    // reconstruction's parts must chain exactly as the body's segments do.
    expect(fromBody.route).toEqual({ provider: 'deepseek', model: 'deepseek-v4-flash' });
    expect(reconstructed.route).toEqual({ provider: 'deepseek-official', model: 'deepseek-v4-flash' });
    const rerouted = renderRequest(fromBody.route, 'chat', rebuilt.parts);
    expect(rerouted.segments.map((segment) => segment.prefixHash)).toEqual(fromBody.segments.map((segment) => segment.prefixHash));
    const comparison = comparePrefix(rerouted, fromBody);
    expect(comparison.divergence).toBeNull();
    expect(comparison.commonPrefix.segments).toBe(fromBody.segments.length);
  });

  it('the fork child\'s task is the same segment on both paths: its first own user message, after the seed', () => {
    const own = child.pairs.find((pair) => !pair.point.seeded)!;
    const taskIndex = (request: PrefixRequest) => request.segments.findIndex((segment) => segment.kind === 'task');
    expect(taskIndex(own.reconstructed)).toBeGreaterThan(20);
    expect(taskIndex(own.fromBody)).toBe(taskIndex(own.reconstructed));
    expect(own.fromBody.segments[taskIndex(own.fromBody)]!.text).toContain('What is the project codeword mentioned earlier in this conversation?');
  });
});
