import type { Tokenizer } from '../../prefix/index.js';
import type { CachePolicy } from '../policies/cache-policy.js';
import type { InputLimit } from '../../providers/input/input-chunks.js';

/**
 * What every replay of recorded input takes, declared once: the input cap (`maxInputBytes`, as every
 * reader of the house: default 32 MiB) and the tokenizer for routes that do not bring their own
 * (default o200k_base). Each source's options extend it with what only that source needs.
 */
export interface ReplayInputOptions extends InputLimit {
  readonly tokenizer?: Tokenizer;
}

/** A replay with a policy chosen by the caller (the readers of `kvprefix analyze` choose one per tree). */
export interface ReplayOptions extends ReplayInputOptions {
  readonly policy?: CachePolicy;
}
