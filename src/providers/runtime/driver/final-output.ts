import type { ContentBlock, TextBlock } from '../../model/content.js';
import type { RecordedEvent } from '../log/session-log.js';
import type { StopReason } from '../loop/agent-contract.js';

/**
 * The child's own final output (DSH `finalAssistantOutput`): the text of its last assistant message
 * with non-empty text, or — when no such message exists — its accumulated streamed text. Only
 * events from `from` on count, so a seeded parent message is never mistaken for child output.
 * `[]` when the child produced neither.
 */
export function finalAssistantOutput(events: readonly RecordedEvent[], from: number): TextBlock[] {
  let last: TextBlock[] | undefined;
  let streamed = '';
  for (const event of events) {
    if (event.seq < from) continue;
    if (event.type === 'assistant/message') {
      const content = (event.data as { message: { content: readonly ContentBlock[] } }).message.content;
      const text = content.filter((block): block is TextBlock => block.type === 'text');
      // An empty-content message that only records usage is skipped.
      if (text.some((block) => block.text !== '')) last = text.map((block) => ({ type: 'text', text: block.text }));
    } else if (event.type === 'assistant/chunk') {
      const chunk = (event.data as { chunk: { type: string; text?: string } }).chunk;
      if (chunk.type === 'text-delta') streamed += chunk.text ?? '';
    }
  }
  if (last) return last;
  return streamed === '' ? [] : [{ type: 'text', text: streamed }];
}

/**
 * The stop reason of the child's run: its final durable `turn/end` reason after `from`. A disposed
 * or cancelled run reports `aborted`; a run that never ended a turn reports `aborted` when it was
 * cancelled, else `error`.
 */
export function runStopReason(events: readonly RecordedEvent[], from: number, cancelled: boolean): StopReason {
  for (let index = events.length - 1; index >= 0 && events[index]!.seq >= from; index--) {
    const event = events[index]!;
    if (event.type !== 'turn/end') continue;
    const kind = (event.data as { reason: { kind: string } }).reason.kind;
    switch (kind) {
      case 'completed':
      case 'max-tokens':
      case 'refusal':
      case 'error':
        return kind;
      default:
        return 'aborted';
    }
  }
  return cancelled ? 'aborted' : 'error';
}
