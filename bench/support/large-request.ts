import type { MessagePart, RequestParts, SystemPart, Tokenizer, ToolPart } from '../../src/prefix/index.js';
import { listCorpusFiles, readCorpusText } from './corpus.js';

/*
 * Two ~200k-token chat requests assembled from real captured text, differing only in their last
 * message: the shape of a parent request and a fork child's that inherited the whole history.
 *
 * - system: Claude Code's prompt sections (claude-code-prompts-piebald `system-prompt-*.md`), one
 *   segment each, in file-name order;
 * - tools: OpenHands' own tool schemas as it sent them, then GitHub's MCP server tools
 *   (github-mcp-server-toolsnaps), as chat `function` tools;
 * - history: the OpenHands multi-SWE-bench trajectories, a SWE-agent trajectory and a Claude Code
 *   session (claude-code-sessions) turned into the messages those agents send, in that order, until
 *   the token target is reached;
 * - last message: a user message, a different real task on each side.
 */

const OPENHANDS_TRAJECTORIES = 'openhands/evaluation/benchmarks/multi_swe_bench/examples/output.jsonl';
const SWE_AGENT_TRAJECTORY = 'swe-agent/tests/test_data/trajectories/gpt4__swe-bench-dev-easy_first_only__default__t-0.00__p-0.95__c-3.00__install-1/pydicom__pydicom-1458.traj';
const CLAUDE_CODE_SESSION = 'claude-code-sessions/test/test_data/real_projects/-src-deep-manifest/a7da6a22-facc-4fcd-8bab-f83c87862004.jsonl';

interface OpenHandsEvent {
  readonly source?: string;
  readonly action?: string;
  readonly observation?: string;
  readonly message?: string;
  readonly content?: string;
  readonly args?: { readonly content?: string; readonly tools?: readonly { readonly function: { readonly name: string } }[] };
  readonly tool_call_metadata?: {
    readonly function_name: string;
    readonly tool_call_id: string;
    readonly model_response: { readonly id: string; readonly choices: readonly { readonly message: unknown }[] };
  };
}

interface OpenHandsTrajectory {
  readonly instance_id: string;
  readonly instruction: string;
  readonly history: readonly OpenHandsEvent[];
}

function readOpenHands(): OpenHandsTrajectory[] {
  const file = OPENHANDS_TRAJECTORIES;
  return readCorpusText(file)
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, index) => {
      const parsed = JSON.parse(line) as Partial<OpenHandsTrajectory>;
      if (typeof parsed.instruction !== 'string' || !Array.isArray(parsed.history)) throw new Error(`${file}:${index + 1}: not an OpenHands trajectory (no instruction/history)`);
      return parsed as OpenHandsTrajectory;
    });
}

/**
 * The chat messages OpenHands sent for a trajectory: the user's task, each model response once (an
 * assistant message with its tool calls, as the model returned it), each tool observation as a
 * `tool` message answering its call, and error observations as user messages.
 */
function openHandsMessages(trajectory: OpenHandsTrajectory): unknown[] {
  const messages: unknown[] = [];
  const seenResponses = new Set<string>();
  for (const event of trajectory.history) {
    const call = event.tool_call_metadata;
    if (event.source === 'user' && event.action === 'message') {
      messages.push({ role: 'user', content: event.message });
    } else if (call && event.action !== undefined) {
      // One model response can carry several tool calls, each logged as its own action.
      if (seenResponses.has(call.model_response.id)) continue;
      seenResponses.add(call.model_response.id);
      const reply = call.model_response.choices[0]?.message;
      if (reply !== undefined) messages.push(reply);
    } else if (call && event.observation !== undefined) {
      messages.push({ role: 'tool', tool_call_id: call.tool_call_id, name: call.function_name, content: event.content });
    } else if (event.observation === 'error') {
      messages.push({ role: 'user', content: event.content });
    }
  }
  return messages;
}

function sweAgentMessages(): unknown[] {
  const trajectory = JSON.parse(readCorpusText(SWE_AGENT_TRAJECTORY)) as { history?: { role: string; content: string }[] };
  if (!Array.isArray(trajectory.history)) throw new Error(`${SWE_AGENT_TRAJECTORY}: not a SWE-agent trajectory (no history)`);
  // Its system message becomes history text here: this request's system part is Claude Code's.
  return trajectory.history.map((entry) => ({ role: entry.role === 'system' ? 'user' : entry.role, content: entry.content }));
}

/**
 * The messages of a Claude Code transcript as Claude Code sends them back: `{role, content}` of each
 * user and assistant entry, with the entries Claude Code logs per content block of one model
 * response (same message id) merged back into one message.
 */
function claudeCodeMessages(): unknown[] {
  const messages: { role: string; content: unknown }[] = [];
  let lastAssistantId: string | undefined;
  readCorpusText(CLAUDE_CODE_SESSION)
    .split('\n')
    .forEach((line, index) => {
      if (line.trim() === '') return;
      let entry: { type?: string; isSidechain?: boolean; message?: { id?: string; role: string; content: unknown } };
      try {
        entry = JSON.parse(line) as typeof entry;
      } catch (error) {
        throw new Error(`${CLAUDE_CODE_SESSION}:${index + 1}: not JSON`, { cause: error });
      }
      if ((entry.type !== 'user' && entry.type !== 'assistant') || entry.isSidechain || !entry.message) return;
      const { id, role, content } = entry.message;
      const previous = messages.at(-1);
      if (role === 'assistant' && id !== undefined && id === lastAssistantId && previous && Array.isArray(previous.content) && Array.isArray(content)) {
        previous.content = [...(previous.content as unknown[]), ...(content as unknown[])];
        return;
      }
      lastAssistantId = role === 'assistant' ? id : undefined;
      messages.push({ role, content });
    });
  return messages;
}

function systemParts(): SystemPart[] {
  return listCorpusFiles('claude-code-prompts-piebald/system-prompts', (name) => name.startsWith('system-prompt-') && name.endsWith('.md')).map((file) => ({
    name: file.slice(file.lastIndexOf('/') + 1, -'.md'.length),
    text: readCorpusText(file),
  }));
}

function toolParts(openHandsSystem: OpenHandsEvent | undefined): ToolPart[] {
  const tools: ToolPart[] = (openHandsSystem?.args?.tools ?? []).map((schema) => ({ name: schema.function.name, schema }));
  for (const file of listCorpusFiles('github-mcp-server-toolsnaps/pkg/github/__toolsnaps__', (name) => name.endsWith('.snap'))) {
    const snapshot = JSON.parse(readCorpusText(file)) as { name: string; description: string; inputSchema: unknown };
    tools.push({ name: snapshot.name, schema: { type: 'function', function: { name: snapshot.name, description: snapshot.description, parameters: snapshot.inputSchema } } });
  }
  return tools;
}

function roleOf(wire: unknown): string {
  const role = (wire as { role?: unknown }).role;
  return typeof role === 'string' ? role : 'unknown';
}

/** Real agent tasks: the OpenHands multi-SWE-bench instructions. */
export function realTasks(): string[] {
  return readOpenHands().map((trajectory) => trajectory.instruction);
}

/**
 * Real history messages (the OpenHands trajectories, a SWE-agent trajectory, a Claude Code session,
 * in that order) until their own token counts reach `targetTokens`.
 */
export function realHistoryMessages(tokenizer: Tokenizer, targetTokens: number): MessagePart[] {
  const candidates = [...readOpenHands().flatMap((trajectory) => openHandsMessages(trajectory)), ...sweAgentMessages(), ...claudeCodeMessages()];
  const history: MessagePart[] = [];
  let tokens = 0;
  for (const wire of candidates) {
    if (tokens >= targetTokens) return history;
    tokens += tokenizer.count(JSON.stringify(wire));
    history.push({ name: `message[${history.length}]:${roleOf(wire)}`, role: roleOf(wire), wire });
  }
  throw new Error(`the corpus holds only ~${tokens} tokens of history; the target is ${targetTokens}`);
}

/** The two requests and what they are made of. */
export interface LargeRequestPair {
  readonly parent: RequestParts;
  readonly child: RequestParts;
  /** Sum of the segments' own token counts (the exact count is what `comparePrefix` reports). */
  readonly approximateTokens: number;
}

/**
 * Builds the parent and child parts: the same system sections, tools and history, then a different
 * last user message on each side. History messages are added in corpus order until the parent
 * reaches `targetTokens` (segment by segment, so the total overshoots by at most one message).
 */
export function buildLargeRequestPair(tokenizer: Tokenizer, targetTokens = 200_000): LargeRequestPair {
  const trajectories = readOpenHands();
  const first = trajectories[0];
  if (!first || trajectories.length < 3) throw new Error(`${OPENHANDS_TRAJECTORIES}: expected 3 trajectories, found ${trajectories.length}`);
  const system = systemParts();
  const tools = toolParts(first.history.find((event) => event.action === 'system'));
  const parentTask = { role: 'user', content: trajectories[1]!.instruction };
  const childTask = { role: 'user', content: trajectories[2]!.instruction };

  let tokens = tokenizer.count(JSON.stringify(parentTask));
  for (const part of system) tokens += tokenizer.count(part.text);
  for (const tool of tools) tokens += tokenizer.count(JSON.stringify(tool.schema));

  const candidates = [...trajectories.flatMap((trajectory) => openHandsMessages(trajectory)), ...sweAgentMessages(), ...claudeCodeMessages()];
  const history: MessagePart[] = [];
  for (const wire of candidates) {
    if (tokens >= targetTokens) break;
    tokens += tokenizer.count(JSON.stringify(wire));
    history.push({ name: `message[${history.length}]:${roleOf(wire)}`, role: roleOf(wire), wire });
  }
  if (tokens < targetTokens) throw new Error(`the corpus holds only ~${tokens} tokens of request text; the target is ${targetTokens}`);

  const last = (wire: unknown): MessagePart => ({ name: `message[${history.length}]:user`, role: 'user', wire });
  return {
    parent: { system, tools, messages: [...history, last(parentTask)] },
    child: { system, tools, messages: [...history, last(childTask)] },
    approximateTokens: tokens,
  };
}
