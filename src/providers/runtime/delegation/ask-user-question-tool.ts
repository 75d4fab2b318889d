import type { ToolSchema } from '../../model/language-model.js';
import { schemaOf } from '../head/tool-order.js';
import type { ToolDefinition } from '../loop/tool-contract.js';
import { ToolCallFailure } from '../loop/tool-call-failure.js';

/** DSH's rejection of a question from a delegated caller (subagent-child-question-rejection/session.1.jsonl). */
export const DELEGATED_CALLER_MESSAGE =
  "human interaction is unavailable while the calling agent is owned by another live agent; include the unresolved question or decision in the child agent's final result";

/** Answers a question on behalf of the human (a UI, a test); absent, no human is reachable. */
export type QuestionAnswerer = (args: unknown, signal: AbortSignal) => Promise<string>;

/**
 * DSH's `ask_user_question` executor over the given recorded schema. A child's question never
 * reaches the human: DSH rejects it with `UserQuestionError` / `DELEGATED_CALLER`, so the child must
 * carry the question in its final result. A top-level caller's question goes to `answer`.
 */
export function askUserQuestionTool(schema: ToolSchema, answer?: QuestionAnswerer): ToolDefinition {
  return {
    ...schemaOf(schema),
    async execute(args, execution) {
      if (execution.ownedByLiveAgent) {
        throw new ToolCallFailure('tool/delegated-caller', DELEGATED_CALLER_MESSAGE, { identity: { name: 'UserQuestionError', code: 'DELEGATED_CALLER' } });
      }
      if (answer === undefined) throw new ToolCallFailure('tool/no-human', 'no human is reachable in this composition: pass an answerer to askUserQuestionTool');
      return answer(args, execution.signal);
    },
  };
}
