/*
 * DeepSeek chat completions bodies reconstructed from DeepSeek Harness recordings (MIT): a session
 * log's model-visible surface at one model call, under a request head (system prompt + tool schemas)
 * from the log or from the scenario's pins. Used to build the bundled examples and, in tests, the
 * request pairs of real DSH scenarios.
 *
 * This is a reconstruction, not a capture: DSH logs the surface, not the bytes on the wire. It
 * follows DSH's DeepSeek adapter as its README describes it (corpus/dsh/readmes/packages/llm/
 * llm-deepseek/README.md, "Wire-format notes") and the conventions of src/providers/session's
 * `surfaceToChatMessages`, which the library's own session reading uses.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** A DSH tool schema as logged or pinned: `{name, description, parameters}`. */
export interface DshToolSchema {
  readonly name: string;
  readonly description?: string;
  readonly parameters?: unknown;
}

/** A request head: the rendered system prompt and the tool schemas in wire order. */
export interface DshHead {
  readonly system: string;
  readonly tools: readonly DshToolSchema[];
}

/** One logical event of a DSH session log (fixture logs drop `seq` and `time`). */
export interface DshEvent {
  readonly type: string;
  readonly data?: Record<string, unknown>;
  readonly surfaceOp?: string;
}

type Block = Record<string, unknown> & { type: string };

/** The events of a session log, one per line (packed chunk rows stay packed: they are not surface). */
export function readDshEvents(file: string): DshEvent[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as DshEvent);
}

/** The first `request/header` of a log: its model and, when logged inline, its head. */
export function firstRequestHeader(events: readonly DshEvent[], file: string): { model: string; head: DshHead | undefined } {
  const header = events.find((event) => event.type === 'request/header')?.data?.['header'] as { config?: { model?: unknown }; system?: unknown; tools?: unknown } | undefined;
  const model = header?.config?.model;
  if (typeof model !== 'string') throw new Error(`${file}: no request/header with a model`);
  const inline = typeof header?.system === 'string' && Array.isArray(header.tools);
  return { model, head: inline ? { system: header.system as string, tools: header.tools as DshToolSchema[] } : undefined };
}

/**
 * The model-visible surface at the model call of (turn, step): the messages of every `user/message`,
 * `assistant/message` and `tool/result` logged before that step's first assistant output. Only
 * appends are folded; a log that replaces part of its surface is refused, not approximated.
 */
export function surfaceAt(events: readonly DshEvent[], turn: number, step: number, file: string): Record<string, unknown>[] {
  const surface: Record<string, unknown>[] = [];
  for (const event of events) {
    const data = event.data ?? {};
    const isOutput = event.type === 'assistant/chunk' || event.type === 'assistant/message' || event.type.endsWith('-chunks');
    if (isOutput && data['turn'] === turn && data['step'] === step) return surface;
    if (event.surfaceOp !== undefined && event.surfaceOp !== 'append') throw new Error(`${file}: surfaceOp '${event.surfaceOp}' is not folded here`);
    if (event.type === 'user/message') surface.push(data);
    else if (event.type === 'assistant/message' || event.type === 'tool/result') surface.push(data['message'] as Record<string, unknown>);
  }
  throw new Error(`${file}: no model call at turn ${turn}, step ${step}`);
}

/**
 * A pinned head: `system-prompt<suffix>.expected.md` and `tool-schemas<suffix>.expected.json`. DSH
 * writes a pinned prompt with a terminal newline and restores it with `trimEnd()` (the acp-snapshot
 * test support); the same is done here.
 */
export function pinnedHead(scenarioFolder: string, suffix = ''): DshHead {
  const system = readFileSync(path.join(scenarioFolder, `system-prompt${suffix}.expected.md`), 'utf8').trimEnd();
  const pins = JSON.parse(readFileSync(path.join(scenarioFolder, `tool-schemas${suffix}.expected.json`), 'utf8')) as { initial: DshToolSchema[] };
  return { system, tools: pins.initial };
}

function blocks(message: Record<string, unknown>, where: string): Block[] {
  const content = message['content'];
  if (!Array.isArray(content) || !content.every((block) => typeof block === 'object' && block !== null && typeof (block as Block).type === 'string')) {
    throw new Error(`${where}: content must be an array of typed blocks`);
  }
  return content as Block[];
}

function joined(list: readonly Block[], type: 'text' | 'reasoning'): string {
  return list.filter((block) => block.type === type).map((block) => String(block['text'])).join('');
}

function chatMessages(message: Record<string, unknown>, where: string): Record<string, unknown>[] {
  const list = blocks(message, where);
  const known = message['role'] === 'assistant' ? ['reasoning', 'text', 'tool-call'] : ['text', 'tool-result'];
  const unknown = list.find((block) => !known.includes(block.type));
  if (unknown) throw new Error(`${where}: a '${unknown.type}' block is not rendered by this reconstruction`);
  if (message['role'] === 'assistant') {
    const calls = list.filter((block) => block.type === 'tool-call').map((block) => ({ id: block['id'], type: 'function', function: { name: block['name'], arguments: block['arguments'] } }));
    return [
      {
        role: 'assistant',
        content: joined(list, 'text'),
        // Reasoning passback: every assistant turn that carried reasoning sends it back.
        ...(list.some((block) => block.type === 'reasoning') ? { reasoning_content: joined(list, 'reasoning') } : {}),
        ...(calls.length > 0 ? { tool_calls: calls } : {}),
      },
    ];
  }
  const results = list.filter((block) => block.type === 'tool-result');
  const text = list.filter((block) => block.type === 'text');
  // Tool-role content remains a string, one `tool` message per result.
  const tools = results.map((block) => ({ role: 'tool', tool_call_id: block['toolCallId'], content: joined(blocks(block, `${where} tool result`), 'text') }));
  return [...(text.length > 0 || results.length === 0 ? [{ role: 'user', content: joined(list, 'text') }] : []), ...tools];
}

/** The DeepSeek chat completions body for a model, a head and a surface. */
export function dshChatBody(model: string, head: DshHead, surface: readonly Record<string, unknown>[]): Record<string, unknown> {
  const messages = [{ role: 'system', content: head.system }, ...surface.flatMap((message, index) => chatMessages(message, `surface message ${index}`))];
  const tools = head.tools.map((tool) => ({ type: 'function', function: { name: tool.name, description: tool.description, parameters: tool.parameters } }));
  return { model, messages, tools, stream: true, stream_options: { include_usage: true } };
}
