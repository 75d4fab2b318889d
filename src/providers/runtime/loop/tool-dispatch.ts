import type { ContentBlock, ImageBlock, MessageSource, TextBlock, ToolCallBlock } from '../../model/content.js';
import type { ToolVisibility } from '../head/tool-visibility.js';
import type { AgentHandle } from './agent-contract.js';
import type { ToolDefinition, ToolExecution, ToolGuard, ToolResultObserver } from './tool-contract.js';
import { ABORTED, ABORTED_BEFORE_DISPATCH, toolErrorIdentityOf, type ToolErrorIdentity } from './tool-error-identity.js';
import { toolExecution } from './tool-execution.js';

/** Where a step's calls run. */
export interface DispatchContext {
  readonly turn: number;
  readonly step: number;
  readonly signal: AbortSignal;
  readonly visibility: ToolVisibility<ToolDefinition>;
  /** The agent's monotonic tool guards, checked before each call. */
  readonly guards: readonly ToolGuard[];
  /** The agent's observers of each call's final, logged result. */
  readonly observers: readonly ToolResultObserver[];
}

/** What a step's dispatch did. */
export interface DispatchOutcome {
  /** A tool asked to end the turn after its result (structured output). */
  readonly concluded: boolean;
}

interface CallResult {
  readonly content: readonly (TextBlock | ImageBlock)[];
  readonly isError: boolean;
  /** DSH's error identity, logged beside an errored result when the failure has one. */
  readonly error?: ToolErrorIdentity | undefined;
}

function errorResult(message: string, error?: ToolErrorIdentity): CallResult {
  return { content: [{ type: 'text', text: `Error: ${message}` }], isError: true, ...(error === undefined ? {} : { error }) };
}

/**
 * One call through the loop. Cancellation is DSH's tool registry's: a call whose turn is already
 * cancelled never runs its body (`tool call aborted before dispatch`), and a cancellation that lands
 * while the body runs replaces only a successful outcome (`tool call aborted`).
 */
async function execute(call: ToolCallBlock, execution: ToolExecution, context: DispatchContext): Promise<CallResult> {
  if (context.signal.aborted) return errorResult('tool call aborted before dispatch', ABORTED_BEFORE_DISPATCH);
  for (const guard of context.guards) {
    const denial = guard({ name: call.name, callId: call.id });
    if (denial !== undefined) return errorResult(denial);
  }
  const tool = context.visibility.lookup(call.name);
  if (!tool) return errorResult(`unknown tool '${call.name}': it is not visible to this agent`);
  let args: unknown;
  try {
    args = call.arguments.trim() === '' ? {} : JSON.parse(call.arguments);
  } catch (error) {
    return errorResult(`invalid arguments for '${call.name}': ${error instanceof Error ? error.message : String(error)}`);
  }
  let output: string | readonly (TextBlock | ImageBlock)[];
  try {
    output = await tool.execute(args, execution);
  } catch (error) {
    return errorResult(error instanceof Error ? error.message : String(error), toolErrorIdentityOf(error));
  }
  if (context.signal.aborted) return errorResult('tool call aborted', ABORTED);
  return { content: typeof output === 'string' ? [{ type: 'text', text: output }] : output, isError: false };
}

/**
 * Runs a step's tool calls through the agent's visibility view (the same view that produced the
 * step's wire schemas) and logs `tool/call` and `tool/result` events, telling the result observers
 * of each result once it is logged. Consecutive concurrency-safe calls are dispatched together, their
 * calls logged first and their results in model order (as in the recorded `subagent-parallel`
 * scenario); any other call is a barrier that runs alone.
 */
export async function dispatchToolCalls(agent: AgentHandle, calls: readonly ToolCallBlock[], context: DispatchContext): Promise<DispatchOutcome> {
  let concluded = false;
  const conclude = (): void => {
    concluded = true;
  };
  const safe = (call: ToolCallBlock): boolean => context.visibility.lookup(call.name)?.isConcurrencySafe === true;
  let index = 0;
  while (index < calls.length) {
    let end = index + 1;
    if (safe(calls[index]!)) while (end < calls.length && safe(calls[end]!)) end++;
    const group = calls.slice(index, end);
    const callSeqs = group.map(
      (call) => agent.session.append('tool/call', { turn: context.turn, step: context.step, callId: call.id, name: call.name, arguments: call.arguments }).seq,
    );
    const followUps = group.map((): { content: readonly ContentBlock[]; source: MessageSource }[] => []);
    const executions = group.map((call, position) =>
      toolExecution(agent, { callId: call.id, signal: context.signal, concludeTurn: conclude, addAfterResult: (content, source) => void followUps[position]!.push({ content, source }) }),
    );
    const results = await Promise.all(group.map((call, position) => execute(call, executions[position]!, context)));
    for (const [position, call] of group.entries()) {
      const result = results[position]!;
      agent.session.append(
        'tool/result',
        {
          turn: context.turn,
          step: context.step,
          message: {
            source: { kind: 'tool', callId: call.id },
            content: [{ type: 'tool-result', toolCallId: call.id, content: result.content, isError: result.isError }],
            role: 'user',
            id: agent.host.newId(),
          },
          ...(result.error === undefined ? {} : { error: result.error }),
        },
        { sourceEventSeqs: [callSeqs[position]!], surfaceOp: 'append' },
      );
      // What the call handed over for the model rides after its result, into the next step (DSH Code
      // Mode's subtool images: code-mode-read-image/session.jsonl splices them in after tool/result).
      if (!context.signal.aborted) for (const message of followUps[position]!) agent.inject(message.content, message.source);
      // The logged result is the final one: only now may observers act on it (DSH `tools/result`).
      for (const observe of context.observers) observe({ name: call.name, execution: executions[position]!, isError: result.isError });
    }
    index = end;
  }
  return { concluded };
}
