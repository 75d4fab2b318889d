import { KvprefixError } from '../../../prefix/index.js';

/**
 * A tool call that failed: thrown by a tool's `execute`, logged by the loop as the errored result
 * `Error: <message>` the model reads (DSH's tool registry does the same). The `code` says which
 * failure it was without parsing the message.
 */
export class ToolCallFailure extends KvprefixError {}
