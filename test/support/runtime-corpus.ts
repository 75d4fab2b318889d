/**
 * Test support (not a test file): paths into the DSH corpus and readers of its raw fixture rows,
 * shared by the runtime, fork, spawn, driver and delegation tests.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ToolSchema } from '../../src/providers/model/index.js';
import type { ContextSnapshotSection } from '../../src/providers/runtime/index.js';
import { toFixtureRows, type ScriptedStep, type ScriptedToolCall } from '../../src/testing/index.js';
import { corpusPath } from './corpus.js';

/** The DSH corpus folder (read-only). */
export const DSH = corpusPath('dsh');
/** ACP example snapshots. */
export const ACP = path.join(DSH, 'examples/acp-agent/tests/snapshots');
/** Headless example snapshots. */
export const HEADLESS = path.join(DSH, 'examples/headless-agent/tests/snapshots');

/** One raw row of a fixture log. */
export interface Row {
  readonly type: string;
  readonly data?: any;
  readonly [key: string]: unknown;
}

/**
 * A log the runtime wrote, as fixture rows (header first), with each request header's system and
 * tools written as the placeholders the recordings keep for pinned heads: what a recorded fixture
 * log must equal row for row.
 */
export function writtenFixtureRows(agent: { readonly session: { readonly header: unknown; readonly events: Parameters<typeof toFixtureRows>[0] } }): Row[] {
  return [agent.session.header, ...toFixtureRows(agent.session.events)].map((row) => {
    const entry = row as Row;
    if (entry.type !== 'request/header') return entry;
    return { ...entry, data: { ...entry.data, header: { ...entry.data.header, system: '{{system}}', tools: '{{tools}}' } } };
  });
}

/** The raw rows of a JSONL fixture (header first). */
export function readRows(file: string): Row[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Row);
}

/** The raw text of a pinned system-prompt file. */
export function readPinnedSystemText(scenario: string, child?: number, root = ACP): string {
  return readFileSync(path.join(root, scenario, `system-prompt${child === undefined ? '' : `.${child}`}.expected.md`), 'utf8');
}

/**
 * A scenario's pinned head: `system-prompt[.n].expected.md` and the initial `tool-schemas[.n].expected.json`.
 * A pin file holds the system prompt plus one final newline (compare the headless
 * `advanced-toolchain` header, logged inline without it, with the ACP pin of the same prompt), so
 * the prompt is the file minus that newline.
 */
export function readPin(scenario: string, child?: number, root = ACP): { system: string; tools: ToolSchema[] } {
  const suffix = child === undefined ? '' : `.${child}`;
  const file = readPinnedSystemText(scenario, child, root);
  if (!file.endsWith('\n')) throw new Error(`${scenario} pin does not end with the file newline`);
  const system = file.slice(0, -1);
  const tools = (JSON.parse(readFileSync(path.join(root, scenario, `tool-schemas${suffix}.expected.json`), 'utf8')) as { initial: ToolSchema[] }).initial;
  return { system, tools };
}

/** The raw text of a pinned tool-schema file. */
export function readPinnedToolsText(scenario: string, child: number, root = ACP): string {
  return readFileSync(path.join(root, scenario, `tool-schemas.${child}.expected.json`), 'utf8');
}

/** The sections of the first runtime-context snapshot in a fixture. */
export function recordedContexts(rows: readonly Row[]): ContextSnapshotSection[] {
  const snapshot = rows.find((row) => row.type === 'user/message' && row.data?.source?.form === 'snapshot');
  if (!snapshot) throw new Error('no runtime-context snapshot in the fixture');
  return snapshot.data.source.sections as ContextSnapshotSection[];
}

/** The recorded model calls of a fixture, one scripted step per (turn, step), replaying its chunks. */
export function recordedSteps(rows: readonly Row[], fromIndex = 0): ScriptedStep[] {
  const steps = new Map<string, { reasoning: string[]; text: string[]; toolCalls: ScriptedToolCall[]; usage?: any; finish?: any }>();
  const stepOf = (data: any) => {
    const key = `${data.turn}/${data.step}`;
    let step = steps.get(key);
    if (!step) steps.set(key, (step = { reasoning: [], text: [], toolCalls: [] }));
    return step;
  };
  for (const row of rows.slice(fromIndex)) {
    const data = row.data;
    if (row.type === 'reasoning-chunks') stepOf(data).reasoning.push(...data.texts);
    else if (row.type === 'text-chunks') stepOf(data).text.push(...data.texts);
    else if (row.type === 'tool-call-chunks') {
      const args: string[] = data.args;
      stepOf(data).toolCalls.push({ id: data.id, name: data.name, arguments: args.join(''), argumentChunks: args[0] === '' ? args.slice(1) : args });
    } else if (row.type === 'assistant/chunk') {
      const chunk = data.chunk;
      const step = stepOf(data);
      if (chunk.type === 'reasoning-delta') step.reasoning.push(chunk.text);
      else if (chunk.type === 'text-delta') step.text.push(chunk.text);
      else if (chunk.type === 'tool-call-delta') step.toolCalls.push({ id: chunk.id, name: chunk.name, arguments: chunk.argumentsDelta });
      else if (chunk.type === 'usage') step.usage = chunk.usage;
      else if (chunk.type === 'finish') step.finish = chunk.reason;
    }
  }
  return [...steps.entries()].map(([key, step]) => ({
    label: key,
    ...(step.reasoning.length > 0 ? { reasoning: step.reasoning } : {}),
    ...(step.text.length > 0 ? { text: step.text } : {}),
    ...(step.toolCalls.length > 0 ? { toolCalls: step.toolCalls } : {}),
    ...(step.usage ? { usage: step.usage } : {}),
    ...(step.finish ? { finish: step.finish } : {}),
  }));
}

/**
 * The recorded model calls as scripted steps. Some recordings' providers stream whole blocks
 * (`block-start` then `block-end`, no deltas), so each step is read from its `block-end` chunks; the
 * scripted model streams deltas instead, so a replay's chunk rows are not the recording's.
 */
export function recordedBlockSteps(rows: readonly Row[]): ScriptedStep[] {
  const steps = new Map<string, { label: string; text?: string; toolCalls?: ScriptedToolCall[]; usage?: any; finish?: any }>();
  for (const row of rows.filter((candidate) => candidate.type === 'assistant/chunk')) {
    const { turn, step, chunk } = row.data;
    const key = `${turn}/${step}`;
    const entry = steps.get(key) ?? { label: key };
    steps.set(key, entry);
    if (chunk.type === 'block-end' && chunk.block.type === 'text') entry.text = chunk.block.text;
    if (chunk.type === 'block-end' && chunk.block.type === 'tool-call') entry.toolCalls = [...(entry.toolCalls ?? []), { id: chunk.block.id, name: chunk.block.name, arguments: chunk.block.arguments }];
    if (chunk.type === 'usage') entry.usage = chunk.usage;
    if (chunk.type === 'finish') entry.finish = chunk.reason;
  }
  return [...steps.values()];
}

/** The user prompts a fixture's parent received, in order (its `next-turn` inbox insertions from the user). */
export function recordedPrompts(rows: readonly Row[]): string[] {
  return rows
    .filter((row) => row.type === 'agent/inbox/spliced' && row.data.target === 'next-turn' && row.data.inserted?.[0]?.source?.kind === 'user')
    .map((row) => row.data.inserted[0].content[0].text as string);
}
