import path from 'node:path';
import { expect, it } from 'vitest';
import { readRequestBody } from '../src/analysis/index.js';
import type { ModelRequest, ToolSchema } from '../src/providers/model/index.js';
import { STRUCTURED_OUTPUT_DESCRIPTION, STRUCTURED_OUTPUT_INSTRUCTION, type AgentHandle } from '../src/providers/runtime/index.js';
import { toolSchemaToChatWire } from '../src/providers/session/index.js';
import { ScriptedModel, type ScriptedStep } from '../src/testing/index.js';
import { describeWithCorpus, readOnce } from './support/corpus.js';
import { ACP, readPin, readRows, recordedPrompts, recordedSteps } from './support/runtime-corpus.js';
import { acpHost } from './support/runtime-scenario.js';
import { compareWithCause } from './support/compare-with-cause.js';

// A structured child gets a child-only `structured_output` tool and its instruction section (order
// 190). Issue 2: an added `structured_output` tool is cause `output-contract`, and the divergence
// names that tool. Checked on captured-style chat bodies and on the driver's own requests, both
// over the real DSH text-turn head.
const SCHEMA = { type: 'object', properties: { codeword: { type: 'string' } }, required: ['codeword'], additionalProperties: false };
const STRUCTURED_TOOL: ToolSchema = { name: 'structured_output', description: STRUCTURED_OUTPUT_DESCRIPTION, parameters: SCHEMA };
const TASK = 'What is the project codeword mentioned earlier in this conversation?';
const pin = readOnce(() => readPin('text-turn'));
const byName = (tools: readonly ToolSchema[]) => [...tools].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

const chatBody = (system: string, tools: readonly ToolSchema[]) => ({
  model: 'deepseek-v4-flash',
  messages: [
    { role: 'system', content: system },
    { role: 'user', content: TASK },
  ],
  tools: tools.map(toolSchemaToChatWire),
});

describeWithCorpus('dsh', 'a child that adds the structured_output tool diverges with cause output-contract', () => {
  it('on chat bodies: the cause names the added tool, at the child\'s system text where the instruction section is appended', () => {
    const parent = readRequestBody(chatBody(pin().system, pin().tools), { source: 'parent.json' }).request;
    const child = readRequestBody(chatBody(`${pin().system}\n\n${STRUCTURED_OUTPUT_INSTRUCTION}`, byName([...pin().tools, STRUCTURED_TOOL])), { source: 'child.json' }).request;
    const result = compareWithCause(parent, child);
    expect(result.divergence).toMatchObject({ cause: 'output-contract', name: 'structured_output', index: 0, kind: 'system', side: 'child', inferred: true });
    expect(result.divergence?.detail).toContain("adds the 'structured_output' tool and its 'tool:structured_output' section");
    // The parent's whole system text is shared, not one tool schema after it.
    expect(result.commonPrefix.segments).toBe(0);
    expect(result.commonPrefix.bytes).toBe(parent.segments[0]!.byteLength);
  });

  it('on chat bodies with the same system text: at the structured_output schema, sorted among the tools', () => {
    const parent = readRequestBody(chatBody(pin().system, pin().tools), { source: 'parent.json' }).request;
    const childTools = byName([...pin().tools, STRUCTURED_TOOL]);
    const child = readRequestBody(chatBody(pin().system, childTools), { source: 'child.json' }).request;
    const at = childTools.findIndex((tool) => tool.name === 'structured_output');
    expect(pin().tools[at]!.name).toBe('subagent');
    const result = compareWithCause(parent, child);
    // One system segment, then the tools before structured_output are shared.
    expect(result.commonPrefix.segments).toBe(1 + at);
    expect(result.divergence).toMatchObject({ index: 1 + at, cause: 'output-contract', name: 'structured_output' });
  });

  it('is not output-contract when the child only drops tools: that is a filter', () => {
    const parent = readRequestBody(chatBody(pin().system, pin().tools), { source: 'parent.json' }).request;
    const child = readRequestBody(chatBody(pin().system, pin().tools.filter((tool) => tool.name !== 'edit')), { source: 'child.json' }).request;
    expect(compareWithCause(parent, child).divergence).toMatchObject({ cause: 'tool-filter', name: 'edit' });
  });
});

describeWithCorpus('dsh', 'the driver: a structured child of the ACP example', () => {
  const isChild = (request: ModelRequest) => request.tools.some((tool) => tool.name === 'structured_output');

  /** The ACP parent's recorded turn 1, then a child started on `provider` with an output schema. */
  async function structuredChild(provider: 'spawn' | 'fork') {
    const parentRows = readRows(path.join(ACP, 'subagent-fork-in-process/session.jsonl'));
    const steps: ScriptedStep[] = [
      { ...recordedSteps(parentRows)[0]!, match: (request) => !isChild(request) },
      { label: 'child commits', match: isChild, toolCalls: [{ id: 'call_so', name: 'structured_output', arguments: '{"codeword":"MARMALADE"}' }] },
    ];
    const model = new ScriptedModel(steps);
    const { host, createParent } = acpHost(model);
    const parent: AgentHandle = createParent();
    parent.followup([{ type: 'text', text: recordedPrompts(parentRows)[0]! }]);
    await parent.whenIdle();
    const run = await host.subagents.start(provider, { parent, prompt: [{ type: 'text', text: TASK }], signal: new AbortController().signal, outputSchema: SCHEMA });
    const result = await run.result;
    await run.dispose();
    model.assertConsumed();
    return { parent, child: run.localAgent, result };
  }

  it('spawn: the child head adds the contract after every parent section, so it diverges at the child\'s contract section with cause output-contract', async () => {
    const { parent, child, result } = await structuredChild('spawn');
    // The output is the child's last message with content: its structured_output call.
    expect(result).toEqual({ output: [expect.objectContaining({ type: 'tool-call', name: 'structured_output' })], stopReason: 'completed', structured: { codeword: 'MARMALADE' } });
    const parentRequest = parent.requests[0]!.prefix;
    const childRequest = child.requests[0]!.prefix;
    const sections = parent.requests[0]!.head.sections.length;
    const comparison = compareWithCause(parentRequest, childRequest);
    expect(comparison.divergence).toMatchObject({ cause: 'output-contract', name: 'structured_output', index: sections, kind: 'system', segment: 'tool:structured_output', side: 'child' });
    expect(childRequest.segments[sections]).toMatchObject({ kind: 'system', name: 'tool:structured_output' });
    expect(comparison.commonPrefix.segments).toBe(sections);
  });

  it('fork: the contract precedes the inherited history, so not one inherited message stays reusable', async () => {
    const { parent, child } = await structuredChild('fork');
    const parentRequest = parent.requests[0]!.prefix;
    const childRequest = child.requests[0]!.prefix;
    // The child did inherit the completed turn: the parent's first prompt is in its request.
    expect(JSON.stringify(child.requests[0]!.model.messages)).toContain(recordedPrompts(readRows(path.join(ACP, 'subagent-fork-in-process/session.jsonl')))[0]!.slice(0, 40));
    const comparison = compareWithCause(parentRequest, childRequest);
    expect(comparison.divergence).toMatchObject({ cause: 'output-contract', name: 'structured_output' });
    const head = parentRequest.segments.filter((segment) => segment.kind === 'system' || segment.kind === 'tool').length;
    expect(comparison.commonPrefix.segments).toBeLessThan(head);
    const inherited = new Set(parentRequest.segments.filter((segment) => segment.kind === 'message').map((segment) => segment.prefixHash));
    expect(childRequest.segments.filter((segment) => inherited.has(segment.prefixHash))).toEqual([]);
  });
});
