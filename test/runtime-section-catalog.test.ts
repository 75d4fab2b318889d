import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { JS_EXPRESSION_TAG } from '../src/analysis/compositions/js-expression.js';
import { comparePrefix } from '../src/prefix/index.js';
import { AgentHost, assembleHead, compositionFromHead, parseSystemPromptPin, SECTION_ORDERS, splitRenderedPrompt, type AgentHandle, type HostComposition, type LoggedToolSchema } from '../src/providers/index.js';
import { buildRecordedRequest, buildToolVisibility, HARNESS_IDENTITY, prepareChild, REPORT_TOOL_SCHEMA, SECTION_JOIN } from '../src/providers/runtime/index.js';
import { ScriptedModel } from '../src/testing/index.js';
import { describeWithCorpus, readCorpusText } from './support/corpus.js';
import { deterministicSources, ROUTE, textStep } from './support/runtime-scenario.js';

const PRESETS = 'dsh/apps/cli/config/agent-presets';
// DSH's texts for sections no corpus head carries (app-boot, web-app, file-reference-local, tool-agent-team); the checkout path and URL are invented.
const SOURCE = 'The DeepSeek Harness implementation checkout is at /opt/dsh. The checkout location and current working directory are separate values and may differ; never infer the working directory from this path. Use pwd to determine the current working directory. Use this checkout only to inspect or extend DSH itself.';
const WEB = 'You are interacting with the user through the DeepSeek Harness Web GUI at http://127.0.0.1:3080. When the user refers to "this page", "this GUI", or "this app" without naming another target, they mean this GUI.';
const TEAM = 'Agent Teams is available in this session, but create teammates only when the user explicitly asks to use Agent Teams or teammates.';
const FILE_REFERENCE = 'Tokens prefixed with @ are workspace paths the user explicitly referenced, relative to the workspace root. A trailing slash marks a directory: list it when its contents matter. Anything else is a file: use the read tool when its contents are needed, and do not claim to have inspected it before reading. @"..." quotes a path containing spaces.';
const PERSONA = 'You are a coding agent powered by the deepseek-v4-flash model. Your working directory is /work.\n\nVerify your work by running the code or tests.';

/**
 * A preset composition as DSH reads it: `!!js` values (platform switches, computed paths) are kept as
 * expressions, as kvprefix's composition reader keeps them; any other warning fails the test.
 */
function preset(name: string): { config?: Record<string, unknown>; id: string }[] {
  const file = `${PRESETS}/${name}/agent.cordis.yml`;
  const document = parseDocument(readCorpusText(file), { customTags: [JS_EXPRESSION_TAG] });
  const problems = [...document.errors, ...document.warnings];
  if (problems.length > 0) throw new Error(`${file}: ${problems.map((problem) => problem.message).join('; ')}`);
  return document.toJS() as { config?: Record<string, unknown>; id: string }[];
}

/** The text-turn pin's sections after its persona (tool guidance, orders 100 and up). */
function textTurnGuidance(): string[] {
  const pin = parseSystemPromptPin(readCorpusText('dsh/examples/acp-agent/tests/snapshots/text-turn/system-prompt.expected.md'));
  return splitRenderedPrompt(pin.initial, 'text-turn').filter((section) => section.order >= 100).map((section) => section.text);
}

const tool = (name: string): LoggedToolSchema => ({ name, description: `${name} tool`, parameters: { type: 'object', properties: {} } });

describeWithCorpus('dsh', 'the section catalogue: heads with sections no corpus pin carries', () => {
  it('splits a Web, plan-mode, Agent Teams head into source, web surface, persona, plan and team policies (plan text: the code preset)', () => {
    // The `planning` group's one row is plan-mode, whose `section` is the plan:policy text.
    const planning = preset('code').find((entry) => entry.id === 'planning')!.config as unknown as { config: { section: string } }[];
    const planText = planning[0]!.config.section;
    expect(planText.startsWith('You are in plan mode.')).toBe(true);
    const system = [HARNESS_IDENTITY, SOURCE, WEB, PERSONA, planText, TEAM, ...textTurnGuidance()].join(SECTION_JOIN);
    const sections = splitRenderedPrompt(system, 'web plan-mode head');
    expect(sections.slice(0, 6).map((section) => [section.name, section.order])).toEqual([
      ['harness:identity', -100],
      ['harness:source', -99],
      ['app:web-surface', -98],
      ['deployment:persona', 0],
      ['plan:policy', 50],
      ['team:policy', 60],
    ]);
    expect(sections[3]!.text).toBe(PERSONA);
    expect(sections[4]!.text).toBe(planText);
    expect(sections.map((section) => section.text).join(SECTION_JOIN)).toBe(system);
  });

  it('a head of the minimal preset is one complete persona: no identity, no runtime context, no report section for a continuable child', async () => {
    const persona = preset('minimal').find((entry) => entry.id === 'persona')!.config as { text: string; complete: boolean; includeRuntimeContext: boolean };
    expect(persona).toMatchObject({ complete: true, includeRuntimeContext: false });
    expect(() => splitRenderedPrompt(persona.text, 'minimal')).toThrow(/does not open with the harness identity/);
    const composition = compositionFromHead({ system: persona.text, tools: [tool('bash')], source: 'minimal', completePersona: true, includeRuntimeContext: false });
    const model = new ScriptedModel([textStep('done')]);
    const host = new AgentHost({ composition, model, ...deterministicSources() });
    const parent = host.createAgent({ ...ROUTE, cwd: '/work' });
    parent.followup([{ type: 'text', text: 'hello' }]);
    await parent.whenIdle();
    model.assertConsumed();
    expect(parent.requests[0]!.model.system).toBe(persona.text);
    const plugins = parent.session.events.filter((event) => event.type === 'user/message' && (event.data as { source: { kind: string } }).source.kind === 'plugin');
    expect(plugins).toEqual([]);
    const child = prepareChild({ request: { parent, prompt: [], signal: new AbortController().signal }, providerName: 'spawn', seed: [], mode: 'continuable' }).agent;
    const head = child.assembleHead();
    expect(head.system).toBe(persona.text);
    expect(head.tools.map((entry) => entry.name)).toEqual(['bash', REPORT_TOOL_SCHEMA.name]);
  });
});

describe('context:file-reference is rendered only while read is visible', () => {
  const system = [HARNESS_IDENTITY, PERSONA, FILE_REFERENCE, 'Use the read tool — not shell commands like cat — to inspect text files.', 'Check the [exit code: N] marker on every bash result; investigate failures before moving on.'].join(SECTION_JOIN);
  const composition = (): HostComposition => compositionFromHead({ system, tools: [tool('bash'), tool('read')], source: 'file-reference head' });

  it('splits the section at order 99 and gives the recorded head back for an agent that sees read', () => {
    expect(splitRenderedPrompt(system, 'head').map((section) => section.name)).toEqual(['harness:identity', 'deployment:persona', 'context:file-reference', 'tool:read', 'tool:bash']);
    expect(SECTION_ORDERS['context:file-reference']).toBe(99);
    const host = new AgentHost({ composition: composition(), model: new ScriptedModel([]), ...deterministicSources() });
    expect(host.createAgent({ ...ROUTE }).assembleHead().system).toBe(system);
  });

  it("a child denied read loses the file-reference guidance but keeps tool:read's; the shared prefix ends at that section", () => {
    const host = new AgentHost({ composition: composition(), model: new ScriptedModel([]), ...deterministicSources() });
    const parent = host.createAgent({ ...ROUTE });
    const child: AgentHandle = prepareChild({ request: { parent, prompt: [], signal: new AbortController().signal, toolFilter: { deny: ['read'] } }, providerName: 'spawn', seed: [], mode: 'one-shot' }).agent;
    const childHead = child.assembleHead();
    expect(childHead.sections.map((section) => section.name)).toEqual(['harness:identity', 'deployment:persona', 'tool:read', 'tool:bash']);
    const request = (agent: AgentHandle) => buildRecordedRequest(agent, agent.assembleHead(), 0, 0).prefix;
    const comparison = comparePrefix(request(parent), request(child));
    expect(comparison.commonPrefix.segments).toBe(2);
  });
});

describe('complete sections', () => {
  it('more than one effective complete section is refused, naming them', () => {
    const visibility = buildToolVisibility({ globalTools: [] });
    const sections = [
      { name: 'a', order: 0, text: 'A', complete: true },
      { name: 'b', order: 1, text: 'B', complete: true },
    ];
    expect(() => assembleHead({ globalSections: sections, scopeSections: [], visibility, variables: {}, isChild: false })).toThrow(/'a', 'b' are all complete/);
    expect(assembleHead({ globalSections: [...sections.slice(0, 1), { name: 'c', order: 2, text: 'C' }], scopeSections: [], visibility, variables: {}, isChild: false }).system).toBe('A');
  });
});
