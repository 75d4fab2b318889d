import { KvprefixError } from '../../../prefix/index.js';

/**
 * A rejected delegation: misuse of the subagent service or a start the driver refused (depth,
 * capabilities, cancellation before publication). The message is what the parent model reads after
 * `Error: `, so it follows DSH's wording where DSH has one.
 */
export class SubagentError extends KvprefixError {}
