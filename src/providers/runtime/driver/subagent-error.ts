import { KvprefixError } from '../../../prefix/index.js';
import type { ToolErrorIdentity } from '../loop/tool-error-identity.js';

/** DSH's identity of a message the subagent service could not deliver (`subagent "<id>" is unavailable`). */
export const NOT_RESUMABLE: ToolErrorIdentity = { name: 'SubagentError', code: 'NOT_RESUMABLE' };

/** DSH's identity of an interrupt whose caller is not a live ancestor of the target (subagent README, `interrupt`). */
export const UNAUTHORIZED: ToolErrorIdentity = { name: 'SubagentError', code: 'UNAUTHORIZED' };

/**
 * A rejected delegation: misuse of the subagent service or a start the driver refused (depth,
 * capabilities, cancellation before publication). The message is what the parent model reads after
 * `Error: `, so it follows DSH's wording where DSH has one; `toolErrorIdentity` is DSH's error name
 * and code for the failures DSH raises as coded `SubagentError`s, logged beside the tool result.
 */
export class SubagentError extends KvprefixError {
  readonly toolErrorIdentity: ToolErrorIdentity | undefined;

  constructor(code: string, message: string, options: { readonly cause?: unknown; readonly identity?: ToolErrorIdentity } = {}) {
    super(code, message, options.cause === undefined ? undefined : { cause: options.cause });
    this.toolErrorIdentity = options.identity;
  }
}
