import type { MessageSource, TextBlock } from '../../model/content.js';
import type { StopReason, SubagentResult } from '../loop/subagent-contract.js';

/**
 * The opening line of a continuable child's settlement notice, by stop reason (DSH's
 * `settlementSummary`; the `completed` line is the one subagent-continuable-inheritance/session.jsonl
 * records).
 */
export function settlementSummary(childId: string, stopReason: StopReason): string {
  const subject = `Background subagent ${childId}`;
  switch (stopReason) {
    case 'completed':
      return `${subject} finished and will do no further work unless you send it more.`;
    case 'aborted':
      return `${subject} was stopped before it finished.`;
    case 'max-tokens':
      return `${subject} ran out of room before it finished.`;
    case 'refusal':
      return `${subject} declined the task.`;
    case 'error':
      return `${subject} failed before it finished.`;
    default:
      // A backend may add stop reasons: an unnamed ending is reported as unfinished, never as success.
      return `${subject} ended abnormally (${String(stopReason)}) before it finished.`;
  }
}

/** A settlement notice as the parent receives it: its content and its runtime-owned source. */
export interface SettlementNotice {
  readonly content: readonly TextBlock[];
  readonly source: MessageSource;
}

/**
 * The message a continuable child's settlement sends its direct parent: the summary line, then
 * `Its closing message:` and the text of the child's final output (reasoning and tool calls left
 * out), or `It left no closing message.`; sourced `{kind:'subagent-settled', form:'notice', summary,
 * senderSessionId}` so a transcript never credits the child with words the runtime wrote.
 */
export function settlementNotice(childId: string, result: SubagentResult): SettlementNotice {
  const summary = settlementSummary(childId, result.stopReason);
  const closing = result.output.filter((block): block is TextBlock => block.type === 'text' && block.text !== '').map((block) => ({ type: 'text' as const, text: block.text }));
  const content: TextBlock[] = [
    { type: 'text', text: summary },
    ...(closing.length > 0 ? [{ type: 'text' as const, text: 'Its closing message:' }, ...closing] : [{ type: 'text' as const, text: 'It left no closing message.' }]),
  ];
  return { content, source: { kind: 'subagent-settled', form: 'notice', summary, senderSessionId: childId } };
}
