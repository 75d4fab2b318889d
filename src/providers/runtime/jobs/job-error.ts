import { KvprefixError } from '../../../prefix/index.js';

/**
 * A refused job operation: an unknown id, another session's job, the per-owner limit. The message is
 * what the model reads after `Error: `, in DSH's wording (dsh-jobs-local).
 */
export class JobError extends KvprefixError {}
