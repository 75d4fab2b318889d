import { describe, expect, it } from 'vitest';
import { comparePrefix } from '../src/prefix/index.js';
import { AgentHost, compositionFromHead, renderSdkSection, sdkOutputEstimates, type AgentHandle, type LoggedToolSchema } from '../src/providers/index.js';
import { buildRecordedRequest, CODE_ONLY_INSTRUCTION, joinSdkEntries, parseSdkBlock, prepareChild } from '../src/providers/runtime/index.js';
import { ScriptedModel } from '../src/testing/index.js';
import { describeWithCorpus } from './support/corpus.js';
import { deterministicSources, FIXTURE_CWD, ROUTE } from './support/runtime-scenario.js';
import { pinnedSdkHeads, pinnedToolSchemas, type PinnedSdkHead } from './support/sdk-pins.js';

const ADVANCED = 'examples/acp-agent/tests/snapshots/advanced-toolchain/system-prompt.expected.md';
const CODE_MODE_TURN = 'examples/acp-agent/tests/snapshots/code-mode-turn/system-prompt.expected.md';

function pin(file: string): PinnedSdkHead {
  const head = pinnedSdkHeads().find((candidate) => candidate.file === file);
  if (!head) throw new Error(`no pinned SDK head ${file}`);
  return head;
}

/** The tool rows a pinned block declares: the pin's own wire schemas under `both`, the deployment's pins under `code`. */
function declaredTools(head: PinnedSdkHead): LoggedToolSchema[] {
  const own = new Map((head.wireTools ?? []).map((tool) => [tool.name, tool]));
  const corpus = pinnedToolSchemas();
  return parseSdkBlock(head.sdk).entries.map((entry) => own.get(entry.name) ?? corpus.get(entry.name)!);
}

const utf8 = (text: string): number => Buffer.byteLength(text, 'utf8');

describeWithCorpus('dsh', "the tools:sdk section is DSH's block", () => {
  it('renders every SDK block pinned in corpus/dsh byte for byte, under the pin’s Code Mode', () => {
    const heads = pinnedSdkHeads();
    expect(heads.map((head) => head.file)).toContain(ADVANCED);
    expect(heads.length).toBeGreaterThanOrEqual(3);
    for (const head of heads) {
      const tools = declaredTools(head);
      const codeMode = head.system.includes(CODE_ONLY_INSTRUCTION) ? 'code' : 'both';
      expect(renderSdkSection(tools, { codeMode }), head.file).toBe(head.sdk);
      expect(sdkOutputEstimates(tools), head.file).toEqual([]);
    }
  });

  it('joins independent per-tool entries: the code-mode-turn block is the advanced-toolchain block without its cordis_* entries', () => {
    const entries = parseSdkBlock(pin(ADVANCED).sdk).entries;
    expect(entries.filter((entry) => entry.name.startsWith('cordis_'))).toHaveLength(7);
    expect(joinSdkEntries(entries.filter((entry) => !entry.name.startsWith('cordis_')))).toBe(pin(CODE_MODE_TURN).sdk);
  });

  it('rebuilds a Code Mode `code` head (code-mode-turn) from its recorded system prompt and wire tools', () => {
    const head = pin(CODE_MODE_TURN);
    const composition = compositionFromHead({ system: head.system, tools: head.wireTools!, source: head.file });
    const host = new AgentHost({ composition, model: new ScriptedModel([]), ...deterministicSources() });
    const assembled = host.createAgent({ ...ROUTE, cwd: FIXTURE_CWD }).assembleHead();
    expect(assembled.system).toBe(head.system);
    expect(assembled.tools.map((tool) => tool.name)).toEqual(['run_code']);
    expect(assembled.visibility.sdk.map((tool) => tool.name)).toEqual(parseSdkBlock(head.sdk).entries.map((entry) => entry.name));
  });

  it("marks the SDK as estimated where it declares a tool DSH never recorded: a continuable child's report tool", () => {
    const head = pin(ADVANCED);
    const composition = compositionFromHead({ system: head.system, tools: head.wireTools!, source: head.file });
    const host = new AgentHost({ composition, model: new ScriptedModel([]), ...deterministicSources() });
    const parent = host.createAgent({ ...ROUTE, cwd: FIXTURE_CWD });
    expect(parent.assembleHead().estimatedSdkOutputs).toEqual([]);
    const child = prepareChild({ request: { parent, prompt: [], signal: new AbortController().signal }, providerName: 'spawn', seed: [], mode: 'continuable' }).agent;
    const childHead = child.assembleHead();
    expect(childHead.estimatedSdkOutputs).toEqual(['report']);
    expect(childHead.sections.find((section) => section.name === 'tools:sdk')!.text).toContain('\n  report: JsonValue;\n');
  });

  describe("a filtered child's shared prefix runs to the removed tool's SDK entry (advanced-toolchain, Code Mode both)", () => {
    const heads = (removed: string) => {
      const head = pin(ADVANCED);
      const composition = compositionFromHead({ system: head.system, tools: head.wireTools!, source: head.file });
      const host = new AgentHost({ composition, model: new ScriptedModel([]), ...deterministicSources() });
      const parent = host.createAgent({ ...ROUTE, cwd: FIXTURE_CWD });
      const child: AgentHandle = prepareChild({
        request: { parent, prompt: [], signal: new AbortController().signal, toolFilter: { deny: [removed] } },
        providerName: 'spawn',
        seed: [],
        mode: 'one-shot',
      }).agent;
      const request = (agent: AgentHandle) => buildRecordedRequest(agent, agent.assembleHead(), 0, 0).prefix;
      return { parentRequest: request(parent), childRequest: request(child), parentSdk: parent.assembleHead().sections.at(-1)!.text };
    };

    for (const removed of ['bash', 'cordis_run', 'job_kill', 'read', 'workflow', 'write']) {
      it(`deny: [${removed}]`, () => {
        const { parentRequest, childRequest, parentSdk } = heads(removed);
        const comparison = comparePrefix(parentRequest, childRequest);
        const sdkIndex = parentRequest.segments.findIndex((segment) => segment.kind === 'sdk');
        // Every section before the SDK block is shared whole; the break is inside the block.
        expect(comparison.commonPrefix.segments).toBe(sdkIndex);
        const sdkSegment = parentRequest.segments[sdkIndex]!;
        const sdkStart = parentRequest.segments.slice(0, sdkIndex).reduce((total, segment) => total + segment.byteLength, 0);
        const blockStart = sdkStart + utf8(sdkSegment.text.slice(0, sdkSegment.text.indexOf(parentSdk)));
        const entry = parseSdkBlock(parentSdk).entries.find((candidate) => candidate.name === removed)!;
        const entryStart = blockStart + utf8(parentSdk.slice(0, parentSdk.indexOf(`${entry.args}\n`)));
        expect(comparison.commonPrefix.bytes).toBeGreaterThanOrEqual(entryStart);
        expect(comparison.commonPrefix.bytes).toBeLessThan(entryStart + utf8(entry.args));
      });
    }
  });
});

describe('SDK entries for tools DSH never recorded', () => {
  const lookup = { name: 'lookup', description: 'Find a record.', parameters: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'], additionalProperties: false } };

  it('declares an unrecorded output as JsonValue and names the tool as estimated', () => {
    const text = renderSdkSection([lookup], { codeMode: 'code' });
    expect(text).toContain('interface ToolArgsMap {\n  /** Find a record. */\n  lookup: {\n    id: string;\n  };\n}');
    expect(text).toContain('interface ToolOutputMap {\n  lookup: JsonValue;\n}');
    expect(sdkOutputEstimates([lookup])).toEqual(['lookup']);
  });

  it('renders a given output schema instead, and then estimates nothing', () => {
    const withOutput = { ...lookup, output: { type: 'object', properties: { found: { type: 'boolean' } }, required: ['found'], additionalProperties: false } };
    expect(renderSdkSection([withOutput], { codeMode: 'both' })).toContain('interface ToolOutputMap {\n  lookup: {\n    found: boolean;\n  };\n}');
    expect(sdkOutputEstimates([withOutput])).toEqual([]);
  });

  it('refuses a tool listed twice and a Code Mode other than both or code', () => {
    expect(() => renderSdkSection([lookup, lookup], { codeMode: 'both' })).toThrow(/declare tool 'lookup' twice/);
    expect(() => renderSdkSection([lookup], { codeMode: 'native' as 'both' })).toThrow(/codeMode must be 'both' or 'code'/);
  });
});
