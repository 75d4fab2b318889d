import { describe, expect, it } from 'vitest';
import { ITEM_FRAMING_TOKENS, ItemSizes } from '../src/analysis/codex/item-sizes.js';
import { getTokenizer } from '../src/prefix/tokenizer.js';

// Encrypted items (a compaction summary from the compact endpoint, reasoning written by another run)
// are sized from their ciphertext's length (base64: 3 bytes per 4 characters, about 4 bytes a token),
// never by tokenizing the base64; a reasoning item the rollout saw written counts that call's reasoning.
const base64 = 'gAAAAABq'.repeat(500);

describe('sizes of encrypted Codex items', () => {
  it('a compaction item is its ciphertext length at 16/3 characters a token, plus its framing', () => {
    const sizes = new ItemSizes(getTokenizer('o200k_base'), new Map());
    expect(sizes.of({ type: 'compaction', encrypted_content: base64 }).tokens).toBe(Math.round(base64.length / (16 / 3)) + ITEM_FRAMING_TOKENS);
  });

  it('a reasoning item counts the reasoning tokens of the call that wrote it, not its ciphertext', () => {
    const item = { type: 'reasoning', summary: [], encrypted_content: base64 };
    const sizes = new ItemSizes(getTokenizer('o200k_base'), new Map([[item, 91]]));
    expect(sizes.of(item).tokens).toBe(91 + ITEM_FRAMING_TOKENS);
  });
});
