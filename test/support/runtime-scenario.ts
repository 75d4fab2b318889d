/**
 * Test support (not a test file): the ACP example's composition rebuilt from its pins — the
 * `text-turn` head (which every subagent scenario without its own pin uses), the runtime contexts a
 * recording shows, and its two delegation tools as corpus/dsh/examples/acp-agent/cordis.yml
 * configures them (`subagent`: spawn, continuable, maxDepth 1; `subagent_fork`: fork, one-shot,
 * no background, maxDepth 1).
 */
import path from 'node:path';
import type { LanguageModel } from '../../src/providers/model/index.js';
import type { ScriptedStep } from '../../src/testing/index.js';
import {
  AgentHost,
  compositionFromHead,
  createDelegationTool,
  createForkProvider,
  createSpawnProvider,
  type Agent,
  type AgentHandle,
  type ContextSnapshotSection,
  type DelegationToolConfigInput,
  type HostComposition,
  type ToolDefinition,
} from '../../src/providers/runtime/index.js';
import { ScriptedModel } from '../../src/testing/index.js';
import { ACP, readPin, readRows, recordedContexts, recordedPrompts, recordedSteps, type Row } from './runtime-corpus.js';

/** The route every recorded ACP request used. */
export const ROUTE = { provider: 'deepseek-official', model: 'deepseek-v4-flash' } as const;

/** The fixture cwd placeholder (fixtures write the working directory as `{{cwd}}`). */
export const FIXTURE_CWD = '{{cwd}}';

/** `tool-subagent` rows of the ACP example's cordis.yml. */
export const ACP_SUBAGENT_CONFIG: DelegationToolConfigInput = { provider: 'spawn', toolName: 'subagent', backgroundMode: 'continuable', maxDepth: 1 };
export const ACP_FORK_CONFIG: DelegationToolConfigInput = { provider: 'fork', toolName: 'subagent_fork', backgroundMode: 'one-shot', enableRunInBackground: false, maxDepth: 1 };

/** Deterministic ids and times, so two runs of a test write the same logs. */
export function deterministicSources(prefix = 'id'): { newId: () => string; clock: () => number } {
  let id = 0;
  let time = 1_783_352_134_832;
  return { newId: () => `${prefix}-${String(++id).padStart(4, '0')}`, clock: () => time++ };
}

/** Options of `acpHost`. */
export interface AcpHostOptions {
  /** Runtime contexts (default: the snapshot recorded in subagent-fork-in-process/session.jsonl). */
  readonly contexts?: readonly ContextSnapshotSection[];
  /** Delegation tool configs to mount over the pinned `subagent` / `subagent_fork` schemas. */
  readonly subagentConfig?: DelegationToolConfigInput;
  readonly forkConfig?: DelegationToolConfigInput;
  /** Extra executors by tool name. */
  readonly executors?: ReadonlyMap<string, ToolDefinition>;
  /** Rewrites the composition before the host is built. */
  readonly adjust?: (composition: HostComposition) => HostComposition;
}

/** A host composed like the ACP example, with both in-process providers registered. */
export function acpHost(model: LanguageModel, options: AcpHostOptions = {}): { host: AgentHost; createParent: () => Agent } {
  const spawn = createSpawnProvider();
  const fork = createForkProvider();
  const pin = readPin('text-turn');
  const contexts = options.contexts ?? recordedContexts(readRows(path.join(ACP, 'subagent-fork-in-process/session.jsonl')));
  const executors = new Map<string, ToolDefinition>([
    ['subagent', createDelegationTool(options.subagentConfig ?? ACP_SUBAGENT_CONFIG, spawn).tool],
    ['subagent_fork', createDelegationTool(options.forkConfig ?? ACP_FORK_CONFIG, fork).tool],
    ...(options.executors ?? []),
  ]);
  let composition = compositionFromHead({ system: pin.system, tools: pin.tools, source: 'text-turn pin', contexts, executors, approvalComposed: true });
  if (options.adjust) composition = options.adjust(composition);
  const host = new AgentHost({ composition, model, ...deterministicSources() });
  host.subagents.registerProvider(spawn);
  host.subagents.registerProvider(fork);
  return { host, createParent: () => host.createAgent({ ...ROUTE, cwd: FIXTURE_CWD }) };
}

/** Waits until every published agent of the host is idle (children may wake parents and vice versa). */
export async function settleAll(host: AgentHost): Promise<void> {
  for (let round = 0; round < 100; round++) {
    const busy = [...host.agents.values()].filter((agent) => agent.status === 'running');
    if (busy.length === 0) return;
    await Promise.all(busy.map((agent) => agent.whenIdle()));
  }
  throw new Error('agents never settled');
}

/** A small composition for behaviour tests: DSH's identity, a persona template, two guided tools and both delegation tools. */
export function smallComposition(options: { subagent?: DelegationToolConfigInput; fork?: DelegationToolConfigInput; approvalComposed?: boolean } = {}): HostComposition {
  const spawnTool = createDelegationTool(options.subagent ?? { provider: 'spawn', toolName: 'subagent' }, createSpawnProvider());
  const forkTool = createDelegationTool(options.fork ?? { provider: 'fork', toolName: 'subagent_fork', enableRunInBackground: false }, createForkProvider());
  const echo: ToolDefinition = {
    name: 'echo',
    description: 'Echo the given text back.',
    parameters: { type: 'object', properties: { text: { type: 'string', description: 'Text to echo.' } }, required: ['text'] },
    execute: async (args) => `echo: ${(args as { text: string }).text}`,
  };
  const note: ToolDefinition = {
    name: 'note',
    description: 'Record a note.',
    parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    execute: async () => 'noted',
  };
  return {
    sections: [
      { name: 'harness:identity', order: -100, text: 'You are an AI agent powered by DeepSeek Harness.' },
      { name: 'deployment:persona', order: 0, text: 'You are a coding assistant powered by the {{model}} model. Your working directory is {{cwd}}.' },
      { name: 'tool:echo', order: 100, text: 'Use echo to repeat text.' },
      { name: 'tool:note', order: 101, text: 'Use note to record findings.' },
      ...(spawnTool.section ? [spawnTool.section] : []),
    ],
    tools: [spawnTool.tool, forkTool.tool, note, echo],
    contexts: [{ name: 'sandbox:policy', order: 100, text: 'Current DSH file policy: workspace-write.' }],
    ...(options.approvalComposed === false ? {} : { approvalComposed: true }),
  };
}

/** A host over `smallComposition` with both providers registered and a top-level parent factory. */
export function smallHost(
  model: LanguageModel,
  composition: HostComposition = smallComposition(),
): { host: AgentHost; createParent: (options?: { maxTokens?: number }) => Agent; unregister: { spawn: () => void; fork: () => void } } {
  const host = new AgentHost({ composition, model, ...deterministicSources() });
  const unregister = { spawn: host.subagents.registerProvider(createSpawnProvider()), fork: host.subagents.registerProvider(createForkProvider()) };
  return { host, createParent: (options = {}) => host.createAgent({ ...ROUTE, cwd: '/work/project', ...options }), unregister };
}

/** Runs one prompt on an agent and waits for it to go idle. */
export async function prompt(agent: AgentHandle, text: string): Promise<void> {
  agent.followup([{ type: 'text', text }]);
  await agent.whenIdle();
}

/**
 * The agent of a parent's first child, which must be continuable: the host's catalog keeps the agent
 * of continuable children only, so tests find a settled (unloaded) child there.
 */
export function firstContinuableChild(host: AgentHost, parentId: string): AgentHandle {
  const entry = host.subagents.listChildren(parentId)[0];
  if (entry?.mode !== 'continuable') throw new Error(`the first child of ${parentId} is ${entry ? 'one-shot' : 'missing'}, not continuable`);
  return entry.agent;
}

/** The text of the last tool result in an agent's log. */
export function lastToolResult(agent: AgentHandle): { text: string; isError: boolean } {
  const event = [...agent.session.events].reverse().find((candidate) => candidate.type === 'tool/result');
  if (!event) throw new Error('no tool result');
  const block = (event.data as { message: { content: { content: { text: string }[]; isError: boolean }[] } }).message.content[0]!;
  return { text: block.content.map((part) => part.text).join(''), isError: block.isError };
}

/** A scripted step that calls one tool. */
export function callStep(name: string, args: Record<string, unknown>, id = `call_${name}`): ScriptedStep {
  return { label: `call ${name}`, toolCalls: [{ id, name, arguments: JSON.stringify(args) }] };
}

/** A scripted step that answers with text. */
export function textStep(text: string, label = text): ScriptedStep {
  return { label, text };
}

/**
 * Replays the recorded `subagent-fork-in-process` scenario through the real loop — parent turn 1,
 * parent turn 2 forking, the child's step, the parent's next step — and returns both agents and the
 * recorded rows. Fails when the parent never forks or the script is not fully consumed.
 */
export async function replayRecordedFork(): Promise<{ parent: Agent; child: AgentHandle; parentRows: Row[]; childRows: Row[] }> {
  const scenario = path.join(ACP, 'subagent-fork-in-process');
  const parentRows = readRows(path.join(scenario, 'session.jsonl'));
  const childRows = readRows(path.join(scenario, 'session.1.jsonl'));
  const parentSteps = recordedSteps(parentRows);
  const childSteps = recordedSteps(childRows, childRows.findIndex((row) => row.type === 'session/end-seed'));
  const model = new ScriptedModel([parentSteps[0]!, parentSteps[1]!, childSteps[0]!, parentSteps[2]!]);
  const { host, createParent } = acpHost(model);
  let child: AgentHandle | undefined;
  host.subagents.on('subagent/start', (event) => (child = event.localAgent));
  const parent = createParent();
  for (const text of recordedPrompts(parentRows)) {
    parent.followup([{ type: 'text', text }]);
    await parent.whenIdle();
  }
  model.assertConsumed();
  if (!child) throw new Error('the parent never forked');
  return { parent, child, parentRows, childRows };
}
