/**
 * DSH's identity of a failed tool call, logged beside the errored result as `tool/result.error`
 * (`{name:'UserQuestionError', code:'DELEGATED_CALLER'}`, `{name:'AbortError', code:'ABORTED'}`, …).
 * Only failures DSH raises as coded errors carry one: a plain rejection (an unknown tool, a depth
 * refusal, a policy denial) is logged with no `error` field, so an error opts in by carrying
 * `toolErrorIdentity` rather than the loop deriving one from every `code`.
 */
export interface ToolErrorIdentity {
  readonly name: string;
  readonly code: string;
}

/** The identity a thrown value declares, if it declares a well-formed one. */
export function toolErrorIdentityOf(error: unknown): ToolErrorIdentity | undefined {
  const identity = (error as { toolErrorIdentity?: unknown } | null | undefined)?.toolErrorIdentity;
  if (typeof identity !== 'object' || identity === null) return undefined;
  const { name, code } = identity as { name?: unknown; code?: unknown };
  return typeof name === 'string' && typeof code === 'string' ? { name, code } : undefined;
}

/** A cancellation that landed while the call's body ran (`Error: tool call aborted`). */
export const ABORTED: ToolErrorIdentity = { name: 'AbortError', code: 'ABORTED' };

/** A call whose turn was cancelled before its body started (`Error: tool call aborted before dispatch`). */
export const ABORTED_BEFORE_DISPATCH: ToolErrorIdentity = { name: 'AbortError', code: 'ABORTED_BEFORE_DISPATCH' };
