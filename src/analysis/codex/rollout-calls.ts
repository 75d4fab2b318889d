import { isSentItem, itemCallId, itemRole } from './item-text.js';
import type { CodexRollout, RolloutItem } from './rollout-file.js';
import type { CodexUsage } from './token-count.js';

/** One Responses API call of a rollout: the input items it sent, in order, and the usage it reported. */
export interface CodexCall {
  /** Index among the session's calls. */
  readonly index: number;
  /** The line of its `token_count`. */
  readonly line: number;
  /** When it was sent (ms since the epoch): the time of the last input logged before it. */
  readonly sentAt: number;
  /** The model of its turn (`turn_context.model`); null when no turn context before it names one. */
  readonly model: string | null;
  /** The input items as the Responses API received them, in order (after `instructions`). */
  readonly items: readonly RolloutItem[];
  readonly usage: CodexUsage;
  /** A `compacted` line came between the call before and this one: the history was replaced. */
  readonly afterCompaction: boolean;
  /** A `turn_context` line came between the call before and this one. */
  readonly newTurn: boolean;
  /** That turn context differs from the turn before's in some setting (model, cwd, policies, …). */
  readonly turnChanged: boolean;
}

/** The calls of a rollout, and the reasoning tokens behind each reasoning item (for their sizes). */
export interface RolloutCalls {
  readonly calls: readonly CodexCall[];
  /** Per reasoning item, the reasoning tokens the call that wrote it reported (shared among its reasoning items). */
  readonly reasoningTokens: ReadonlyMap<RolloutItem, number>;
}

/** The history Codex keeps after a `compacted` line without `replacement_history` (older Codex): its user messages and the summary. */
function compactedHistory(history: readonly RolloutItem[], message: string): RolloutItem[] {
  const kept = history.filter((item) => item.type === 'message' && (item['role'] === 'user' || item['role'] === 'developer'));
  return [...kept, { type: 'message', role: 'user', content: [{ type: 'input_text', text: message }] }];
}

/**
 * Folds a rollout into its calls. Codex keeps the conversation as a list of items and sends it whole
 * on every call (with `store: false`, reasoning travels back as encrypted items), so a call's input is
 * every input item logged before it plus the outputs of the calls before. The items logged between
 * two counts are the call's output (reasoning, tool calls, assistant messages) and inputs; a tool
 * output answering one of this call's own tool calls belongs to the next call, wherever it was logged.
 */
export function rolloutCalls(rollout: CodexRollout): RolloutCalls {
  const calls: CodexCall[] = [];
  const reasoningTokens = new Map<RolloutItem, number>();
  let history: RolloutItem[] = [];
  let outputs: RolloutItem[] = [];
  let answers: RolloutItem[] = [];
  let ownCalls = new Set<string>();
  let model: string | null = null;
  let context: string | null = null;
  let sentAt = rollout.started;
  let afterCompaction = false;
  let newTurn = false;
  let turnChanged = false;
  for (const record of rollout.records) {
    if (record.kind === 'turn-context') {
      newTurn = true;
      if (context !== null && context !== record.context) turnChanged = true;
      context = record.context;
      model = record.model ?? model;
    } else if (record.kind === 'compacted') {
      history = record.replacement === null ? compactedHistory([...history, ...outputs, ...answers], record.message) : record.replacement.filter(isSentItem);
      outputs = [];
      answers = [];
      ownCalls = new Set();
      afterCompaction = true;
      sentAt = record.time;
    } else if (record.kind === 'item') {
      const item = record.item;
      if (!isSentItem(item)) continue;
      const callId = itemCallId(item);
      if (itemRole(item) === 'output') {
        outputs.push(item);
        if (callId !== undefined) ownCalls.add(callId);
      } else if (callId !== undefined && ownCalls.has(callId)) {
        answers.push(item);
      } else {
        history.push(item);
        sentAt = record.time;
      }
    } else {
      calls.push({ index: calls.length, line: record.line, sentAt: Math.min(sentAt, record.time), model, items: [...history], usage: record.usage, afterCompaction, newTurn, turnChanged });
      const reasoning = outputs.filter((item) => item.type === 'reasoning');
      for (const item of reasoning) reasoningTokens.set(item, record.usage.reasoning / reasoning.length);
      history.push(...outputs, ...answers);
      // The next call goes out once this one's answer is in: no earlier than its count.
      sentAt = record.time;
      outputs = [];
      answers = [];
      ownCalls = new Set();
      afterCompaction = false;
      newTurn = false;
      turnChanged = false;
    }
  }
  return { calls, reasoningTokens };
}
