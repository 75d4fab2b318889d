import type { FinishReason, ModelChunk } from '../../model/chunk.js';
import type { ContentBlock, ToolCallBlock } from '../../model/content.js';
import { assembleResponse } from '../../model/assemble-response.js';
import type { AssembledHead } from '../head/assemble-head.js';
import type { AgentHandle, CancelCause } from './agent-contract.js';
import type { ToolDefinition } from './tool-contract.js';
import type { InboxMessage } from './inbox-message.js';
import type { LoopState, TurnDriver } from './loop-state.js';
import { fallbackTitle, hasEvent, latestData } from '../log/log-folds.js';
import { buildRecordedRequest } from './recorded-request.js';
import { renderContexts, snapshotChanged, snapshotMessage } from '../head/runtime-context.js';
import { dispatchToolCalls } from './tool-dispatch.js';

/**
 * How a turn ended, as DSH logs `turn/end.reason` (its `TurnEndReasonMap`): a refused response is
 * `blocked`, and every cancellation is `aborted` with its cause, disposal included
 * (`{kind:'aborted', reason:{kind:'disposed'}}`). `interrupted` is DSH's kind for a turn cut short
 * outside a cancellation; this loop never writes it, but logs read back may hold it.
 */
export type TurnEndReason =
  | { readonly kind: 'completed' }
  | { readonly kind: 'max-tokens' }
  | { readonly kind: 'blocked' }
  | { readonly kind: 'interrupted' }
  | { readonly kind: 'aborted'; readonly reason: { readonly kind: CancelCause } }
  | { readonly kind: 'error'; readonly error: { readonly message: string; readonly code: string } };

/** What one step decided. */
export type StepOutcome = { readonly kind: 'continue' } | { readonly kind: 'end'; readonly reason: TurnEndReason };

/** The step being run. */
export interface StepInput {
  readonly turn: number;
  readonly step: number;
  /** Input claimed for this step, logged as `user/message` events. */
  readonly batch: readonly InboxMessage[];
  readonly signal: AbortSignal;
}

function logInput(agent: AgentHandle, state: LoopState, input: StepInput): void {
  for (const message of input.batch) {
    const event = agent.session.append('user/message', message, { surfaceOp: 'append' });
    // A child's task is the first user prompt of its own run (seeded parent prompts come before `seedLength`).
    if (agent.parent && state.taskSeq === undefined && message.source.kind === 'user') state.taskSeq = event.seq;
  }
}

function logRuntimeContext(agent: AgentHandle, driver: TurnDriver, head: AssembledHead): void {
  // Suppression removes every context, the child's delegation statement included (core/system-prompt README).
  if (agent.host.composition.includeRuntimeContext === false || driver.scope.runtimeContextSuppressed) return;
  // A scoped context shadows the global one of the same name, as scoped sections do.
  const scoped = new Set(driver.scope.contexts.map((context) => context.name));
  const global = (agent.host.composition.contexts ?? []).filter((context) => !scoped.has(context.name));
  const contexts = renderContexts([...global, ...driver.scope.contexts], {
    visibleToolNames: new Set(head.visibility.visible.map((tool) => tool.name)),
    isChild: agent.parent !== undefined,
  });
  if (snapshotChanged(contexts, agent.session.events)) {
    agent.session.append('user/message', snapshotMessage(contexts, agent.host.newId()), { surfaceOp: 'append' });
  }
}

function logTitle(agent: AgentHandle): void {
  if (hasEvent(agent.session.events, 'session/title')) return;
  const first = agent.session.events.find((event) => event.type === 'user/message' && (event.data as InboxMessage).source.kind === 'user');
  if (!first) return;
  const text = (first.data as InboxMessage).content.map((block) => (block.type === 'text' ? block.text : '')).join('');
  agent.session.append('session/title', { title: fallbackTitle(text), messageSeqs: [first.seq], source: { kind: 'fallback' } });
}

/**
 * Logs the request head as DSH's loop does (notes/2026-07-05-reconstructable-requests.md): a full
 * `request/header` snapshot on the loop instance's first request (`initial` for a fresh log, `resume`
 * when the log already holds one — a seeded fork child's does), `change` when it differs later; and
 * `request/context` whenever the route differs from the log's latest.
 */
function logHeader(agent: AgentHandle, state: LoopState, head: AssembledHead): void {
  const config = agent.config;
  const header = {
    config: { provider: config.provider, model: config.model, ...(config.maxTokens === undefined ? {} : { maxTokens: config.maxTokens }) },
    ...(head.system === '' ? {} : { system: head.system }),
    ...(head.tools.length === 0 ? {} : { tools: head.tools }),
  };
  const latest = latestData<{ header: unknown }>(agent.session.events, 'request/header');
  if (!state.headerLogged) {
    agent.session.append('request/header', { header, reason: latest === undefined ? 'initial' : 'resume' });
    state.headerLogged = true;
  } else if (JSON.stringify(latest?.header) !== JSON.stringify(header)) {
    agent.session.append('request/header', { header, reason: 'change' });
  }
  const context = { provider: config.provider, model: config.model };
  if (JSON.stringify(latestData(agent.session.events, 'request/context')) !== JSON.stringify(context)) agent.session.append('request/context', context);
}

function failureOf(error: unknown): { message: string; code: string } {
  const code = typeof (error as { code?: unknown })?.code === 'string' ? (error as { code: string }).code : 'UNKNOWN';
  return { message: error instanceof Error ? error.message : String(error), code };
}

function endReason(finish: FinishReason): TurnEndReason {
  switch (finish.kind) {
    case 'stop':
    case 'tool-calls':
      return { kind: 'completed' };
    case 'max-tokens':
      return { kind: 'max-tokens' };
    case 'refusal':
      return { kind: 'blocked' };
    case 'error':
      return { kind: 'error', error: finish.failure };
  }
}

/** Text or reasoning streamed so far, as the interrupted anchor keeps it. */
function deliveredPrefix(chunks: readonly ModelChunk[]): ContentBlock[] {
  const blocks = new Map<number, { type: 'text' | 'reasoning'; text: string }>();
  for (const chunk of chunks) {
    if (chunk.type !== 'text-delta' && chunk.type !== 'reasoning-delta') continue;
    const block = blocks.get(chunk.index) ?? { type: chunk.type === 'text-delta' ? 'text' : 'reasoning', text: '' };
    block.text += chunk.text;
    blocks.set(chunk.index, block);
  }
  return [...blocks.entries()].sort(([a], [b]) => a - b).map(([, block]) => ({ type: block.type, text: block.text }));
}

/**
 * One step of DSH's loop: log the claimed input and the runtime context, log the head, send the
 * request, log every chunk and the assembled `assistant/message`, dispatch tool calls, close the step.
 */
export async function runStep(agent: AgentHandle, driver: TurnDriver, input: StepInput): Promise<StepOutcome> {
  const state = driver.state;
  const { turn, step, signal } = input;
  const log = agent.session;
  log.append('step/start', { turn, step });
  logInput(agent, state, input);
  const head: AssembledHead<ToolDefinition> = agent.assembleHead();
  logRuntimeContext(agent, driver, head);
  logTitle(agent);
  logHeader(agent, state, head);
  const request = buildRecordedRequest(agent, head, turn, step);
  state.requests.push(request);

  const chunks: ModelChunk[] = [];
  const chunkSeqs: number[] = [];
  const record = (chunk: ModelChunk): void => {
    chunks.push(chunk);
    chunkSeqs.push(log.append('assistant/chunk', { turn, step, chunk }).seq);
  };
  try {
    for await (const chunk of agent.host.model.stream(request.model, { signal })) record(chunk);
  } catch (error) {
    if (signal.aborted) {
      const delivered = deliveredPrefix(chunks);
      if (delivered.length > 0) {
        const message = { role: 'assistant', content: delivered, source: { kind: 'model', provider: agent.config.provider, model: agent.config.model }, id: agent.host.newId() };
        log.append('assistant/message', { turn, step, message, interrupted: true }, { sourceEventSeqs: chunkSeqs, surfaceOp: 'append' });
      }
      log.append('step/end', { turn, step });
      throw error;
    }
    // ctx.llm turns adapter failures into a terminal error finish; so does this loop.
    record({ type: 'finish', reason: { kind: 'error', failure: failureOf(error) } });
  }
  if (!chunks.some((chunk) => chunk.type === 'finish')) record({ type: 'finish', reason: { kind: 'error', failure: { message: 'model stream ended without a finish chunk', code: 'UNKNOWN' } } });
  const response = assembleResponse(chunks);
  if (response.finish.kind === 'error') {
    // Provider failures commit no assistant content (core/agent-loop README).
    log.append('step/end', { turn, step });
    return { kind: 'end', reason: endReason(response.finish) };
  }
  const lastUsage = [...chunks].reverse().find((chunk) => chunk.type === 'usage');
  log.append(
    'assistant/message',
    {
      turn,
      step,
      message: { role: 'assistant', content: response.content, source: { kind: 'model', provider: agent.config.provider, model: agent.config.model }, id: agent.host.newId() },
      ...(lastUsage?.type === 'usage' ? { usage: lastUsage.usage } : {}),
    },
    { sourceEventSeqs: chunkSeqs, surfaceOp: 'append' },
  );
  const calls = response.content.filter((block): block is ToolCallBlock => block.type === 'tool-call');
  let concluded = false;
  if (calls.length > 0) concluded = (await dispatchToolCalls(agent, calls, { turn, step, signal, visibility: head.visibility, guards: driver.scope.guards, observers: driver.scope.resultObservers })).concluded;
  log.append('step/end', { turn, step });
  if (calls.length > 0 && !concluded && !signal.aborted) return { kind: 'continue' };
  signal.throwIfAborted();
  // Steering continues the current turn (core/agent-loop README): input that reached the next-step
  // inbox while the model answered gets a further step instead of waiting for a new turn.
  if (calls.length === 0 && response.finish.kind === 'stop' && driver.hasStepInput()) return { kind: 'continue' };
  return { kind: 'end', reason: endReason(response.finish) };
}
