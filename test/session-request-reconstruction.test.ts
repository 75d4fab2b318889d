import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { requestByteLength, type PrefixRequest } from '../src/prefix/index.js';
import {
  findDelegationCall,
  loadHeadPins,
  modelRequestPoints,
  readSessionLog,
  reconstructRequest,
  type ReconstructedRequest,
  type SessionLog,
} from '../src/providers/session/index.js';
import { corpusPath, describeWithCorpus, readCorpusText } from './support/corpus.js';
import { compareWithCause } from './support/compare-with-cause.js';

/*
 * Rebuilding, from DSH logs, the request a parent sent when it delegated and the first request of
 * the child it created, then checking with the prefix engine what they share. Both scenarios ran
 * against the real DeepSeek API or were recorded by DSH's own harness; the heads must agree.
 */

/** The request that produced the parent's delegating call (sent just before that step's output). */
async function parentRequestAtDelegation(parentFile: string, child: SessionLog): Promise<ReconstructedRequest> {
  const parent = await readSessionLog(parentFile);
  const link = findDelegationCall(parent, child);
  if (link.kind !== 'found') throw new Error(link.reason);
  const { turn, step } = link.call.event.data;
  const point = modelRequestPoints(parent).find((candidate) => candidate.turn === turn && candidate.step === step && !candidate.seeded);
  if (!point) throw new Error(`no request point for turn ${turn} step ${step}`);
  return reconstructRequest(parent, { through: point.through, pins: await loadHeadPins(parentFile) });
}

/** The child's first own request. */
async function childFirstRequest(childFile: string, child: SessionLog): Promise<ReconstructedRequest> {
  const point = modelRequestPoints(child).find((candidate) => !candidate.seeded);
  if (!point) throw new Error('the child sent no request');
  return reconstructRequest(child, { through: point.through, pins: await loadHeadPins(childFile) });
}

const headOf = (request: PrefixRequest) => request.segments.filter((segment) => segment.kind === 'system' || segment.kind === 'tool');

describeWithCorpus('dsh', 'requests rebuilt from DSH logs', () => {
  describe('headless-agent advanced-toolchain: two spawn children (heads recorded verbatim)', () => {
    const scenario = corpusPath('dsh/examples/headless-agent/tests/snapshots/advanced-toolchain');

    it.each(['session.1.jsonl', 'session.2.jsonl'])('%s shares its parent head byte for byte, then differs from its task on', async (name) => {
      const child = await readSessionLog(path.join(scenario, name));
      const parentRequest = await parentRequestAtDelegation(path.join(scenario, 'session.jsonl'), child);
      const childRequest = await childFirstRequest(path.join(scenario, name), child);

      // The head is the recorded system prompt and all 23 tool schemas, in the recorded order.
      const recorded = JSON.parse(readCorpusText('dsh/examples/headless-agent/tests/snapshots/advanced-toolchain/session.jsonl').split('\n').find((line) => line.includes('"type":"request/header"'))!) as {
        data: { header: { system: string; tools: { name: string }[] } };
      };
      expect(childRequest.head.system).toBe(recorded.data.header.system);
      expect(childRequest.head.tools.map((tool) => tool.name)).toEqual(recorded.data.header.tools.map((tool) => tool.name));

      const parentHead = headOf(parentRequest.request);
      const childHead = headOf(childRequest.request);
      expect(childHead).toHaveLength(24);
      expect(childHead.map((segment) => segment.prefixHash)).toEqual(parentHead.map((segment) => segment.prefixHash));

      // A spawn inherits no history: the first message after the head is already the child's task.
      const comparison = compareWithCause(parentRequest.request, childRequest.request);
      expect(comparison.commonPrefix.segments).toBe(24);
      expect(comparison.divergence?.index).toBe(24);
      expect(childRequest.request.segments[24]?.kind).toBe('task');
    });
  });

  describe('acp-agent subagent-fork-in-process: a fork child (heads from the text-turn pin)', () => {
    const scenario = corpusPath('dsh/examples/acp-agent/tests/snapshots/subagent-fork-in-process');

    it('the child shares the head and the whole completed turn 1, and diverges at its task', async () => {
      const child = await readSessionLog(path.join(scenario, 'session.1.jsonl'));
      const parentRequest = await parentRequestAtDelegation(path.join(scenario, 'session.jsonl'), child);
      const childRequest = await childFirstRequest(path.join(scenario, 'session.1.jsonl'), child);

      // Neither log has a pin of its own: both heads are text-turn's system prompt and 19 tools.
      const pins = await loadHeadPins(path.join(scenario, 'session.1.jsonl'));
      expect(pins.system?.file).toMatch(/text-turn\/system-prompt\.expected\.md$/);
      expect(childRequest.head.reason).toBe('resume');
      expect(parentRequest.head.reason).toBe('initial');
      expect(childRequest.head.system).toBe(readCorpusText('dsh/examples/acp-agent/tests/snapshots/text-turn/system-prompt.expected.md').trimEnd());
      expect(headOf(childRequest.request).map((segment) => segment.prefixHash)).toEqual(headOf(parentRequest.request).map((segment) => segment.prefixHash));

      // Head (1 system + 19 tools), then turn 1: the prompt, the runtime context, the "OK" answer.
      const comparison = compareWithCause(parentRequest.request, childRequest.request);
      expect(comparison.commonPrefix.segments).toBe(23);
      expect(comparison.divergence).toMatchObject({ index: 23, cause: 'task' });
      const task = childRequest.request.segments[23];
      expect(task?.kind).toBe('task');
      expect(JSON.parse(task!.text)).toEqual({
        role: 'user',
        content: 'What is the project codeword mentioned earlier in this conversation? Reply with exactly that one word and nothing else.',
      });
      // The child's request carries the seed's history and its own two messages; nothing of the parent's turn 2.
      expect(childRequest.messages.map((message) => message.role)).toEqual(['system', 'user', 'user', 'assistant', 'user', 'user']);
    });

    it('cut into sections by a caller-supplied splitter, the request keeps its bytes', async () => {
      const child = await readSessionLog(path.join(scenario, 'session.1.jsonl'));
      const pins = await loadHeadPins(path.join(scenario, 'session.1.jsonl'));
      const whole = reconstructRequest(child, { pins });
      const paragraphs = reconstructRequest(child, {
        pins,
        systemParts: (system) => system.split('\n\n').map((text, index) => ({ name: `paragraph ${index}`, text })),
      });
      expect(paragraphs.request.segments.filter((segment) => segment.kind === 'system')).toHaveLength(12);
      expect(requestByteLength(paragraphs.request)).toBe(requestByteLength(whole.request));
      expect(compareWithCause(whole.request, paragraphs.request).divergence).toBeNull();
    });
  });
});
