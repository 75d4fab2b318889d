import { KvprefixError } from '../../../prefix/index.js';
import type { ToolErrorIdentity } from './tool-error-identity.js';

/**
 * A tool call that failed: thrown by a tool's `execute`, logged by the loop as the errored result
 * `Error: <message>` the model reads (DSH's tool registry does the same). The `code` says which
 * failure it was without parsing the message; `toolErrorIdentity`, when given, is the DSH error
 * name and code the log records beside the result.
 */
export class ToolCallFailure extends KvprefixError {
  readonly toolErrorIdentity: ToolErrorIdentity | undefined;

  constructor(code: string, message: string, options: { readonly cause?: unknown; readonly identity?: ToolErrorIdentity } = {}) {
    super(code, message, options.cause === undefined ? undefined : { cause: options.cause });
    this.toolErrorIdentity = options.identity;
  }
}
