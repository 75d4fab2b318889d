import type { Tokenizer } from '../../prefix/index.js';
import { characterEstimate } from './character-estimate.js';
import type { RequestBlock } from './content-blocks.js';
import { asCountMemo, type CountMemo } from './run-count-memo.js';

/**
 * A replay's estimates of its blocks' sizes before calibration: a tokenizer's counts when one was
 * given (remembered per block, since counting costs the block's text), else Anthropic's
 * characters-per-token rule, which costs nothing to apply again.
 */
export class BlockSizes {
  readonly #tokenizer: Tokenizer | undefined;
  readonly #memo: CountMemo | undefined;
  readonly #counts = new Map<number, number>();

  constructor(tokenizer: Tokenizer | undefined) {
    this.#tokenizer = tokenizer;
    this.#memo = tokenizer === undefined ? undefined : asCountMemo(tokenizer);
  }

  /** The block's estimated size; `textHash` is its text's hash (its segment's), which a run's count memo is keyed by. */
  estimate(block: RequestBlock, textHash: bigint): number {
    const tokenizer = this.#tokenizer;
    if (tokenizer === undefined) return characterEstimate(block.text);
    let tokens = this.#counts.get(block.symbol);
    if (tokens === undefined) {
      tokens = this.#memo === undefined ? tokenizer.count(block.text) : this.#memo.countHashed(textHash, block.text);
      this.#counts.set(block.symbol, tokens);
    }
    return tokens;
  }
}
