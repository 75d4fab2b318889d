import type { ContentBlock } from '../../model/content.js';
import type { RecordedEvent } from '../log/session-log.js';
import type { StopReason } from '../loop/subagent-contract.js';

/**
 * The child's own final output (DSH `finalAssistantOutput` / `AssistantOutputFold`): the whole
 * content of its last assistant message with any content — text, reasoning or tool calls, so a
 * final tool-call-only message wins over earlier text — or, when no such message exists, its
 * accumulated streamed text. An empty-content message (usage only) never replaces earlier output.
 * Only events from `from` on count, so a seeded parent message is never mistaken for child output.
 * `[]` when the child produced neither.
 */
export function finalAssistantOutput(events: readonly RecordedEvent[], from: number): ContentBlock[] {
  let last: readonly ContentBlock[] | undefined;
  let streamed = '';
  for (const event of events) {
    if (event.seq < from) continue;
    if (event.type === 'assistant/message') {
      const content = (event.data as { message: { content: readonly ContentBlock[] } }).message.content;
      if (content.length > 0) last = content;
    } else if (event.type === 'assistant/chunk') {
      const chunk = (event.data as { chunk: { type: string; text?: string } }).chunk;
      if (chunk.type === 'text-delta') streamed += chunk.text ?? '';
    }
  }
  if (last) return structuredClone([...last]);
  return streamed === '' ? [] : [{ type: 'text', text: streamed }];
}

/**
 * The stop reason of the child's run, mapped from its final durable `turn/end` reason after `from`
 * as DSH's driver maps it: `completed` and `max-tokens` as they are, `blocked` → `refusal`,
 * `interrupted` and `error` → `error`, `aborted` → `aborted`. A cancelled run reports `aborted`
 * unless its turn had already completed (cancellation owns every non-completed in-flight outcome,
 * subagent-in-process-driver README); a run that never ended a turn reports `aborted` when it was
 * cancelled, else `error`.
 */
export function runStopReason(events: readonly RecordedEvent[], from: number, cancelled: boolean): StopReason {
  for (let index = events.length - 1; index >= 0 && events[index]!.seq >= from; index--) {
    const event = events[index]!;
    if (event.type !== 'turn/end') continue;
    const kind = (event.data as { reason: { kind: string } }).reason.kind;
    if (kind === 'completed') return 'completed';
    if (cancelled) return 'aborted';
    switch (kind) {
      case 'max-tokens':
        return 'max-tokens';
      case 'blocked':
        return 'refusal';
      case 'aborted':
        return 'aborted';
      default:
        return 'error';
    }
  }
  return cancelled ? 'aborted' : 'error';
}
