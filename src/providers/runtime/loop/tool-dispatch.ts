import type { TextBlock, ToolCallBlock } from '../../model/content.js';
import type { ToolVisibility } from '../head/tool-visibility.js';
import type { AgentHandle, ToolDefinition, ToolGuard } from './agent-contract.js';

/** Where a step's calls run. */
export interface DispatchContext {
  readonly turn: number;
  readonly step: number;
  readonly signal: AbortSignal;
  readonly visibility: ToolVisibility<ToolDefinition>;
  /** The agent's monotonic tool guards, checked before each call. */
  readonly guards: readonly ToolGuard[];
}

/** What a step's dispatch did. */
export interface DispatchOutcome {
  /** A tool asked to end the turn after its result (structured output). */
  readonly concluded: boolean;
}

interface CallResult {
  readonly content: readonly TextBlock[];
  readonly isError: boolean;
}

function errorResult(message: string): CallResult {
  return { content: [{ type: 'text', text: `Error: ${message}` }], isError: true };
}

async function execute(agent: AgentHandle, call: ToolCallBlock, context: DispatchContext, conclude: () => void): Promise<CallResult> {
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
  try {
    const output = await tool.execute(args, { agent, callId: call.id, signal: context.signal, concludeTurn: conclude });
    return { content: typeof output === 'string' ? [{ type: 'text', text: output }] : output, isError: false };
  } catch (error) {
    return errorResult(error instanceof Error ? error.message : String(error));
  }
}

/**
 * Runs a step's tool calls through the agent's visibility view (the same view that produced the
 * step's wire schemas) and logs `tool/call` and `tool/result` events. Consecutive concurrency-safe
 * calls are dispatched together, their calls logged first and their results in model order (as in
 * the recorded `subagent-parallel` scenario); any other call is a barrier that runs alone.
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
    const results = await Promise.all(group.map((call) => execute(agent, call, context, conclude)));
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
        },
        { sourceEventSeqs: [callSeqs[position]!], surfaceOp: 'append' },
      );
    }
    index = end;
  }
  return { concluded };
}
