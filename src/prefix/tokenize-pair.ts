import type { PairCount, Tokenizer } from './tokenizer.js';

/*
 * Both sides of a comparison hold the same text up to the difference; a tokenizer that can split and
 * merge that stretch once for both (`encodePair`, `countPair`) does, any other is asked for each side.
 */

/** `[encode(a), encode(b)]`, where `a` and `b` agree on their first `shared` chars. */
export function encodePair(tokenizer: Tokenizer, a: string, b: string, shared: number): [number[], number[]] {
  return tokenizer.encodePair ? tokenizer.encodePair(a, b, shared) : [tokenizer.encode(a), tokenizer.encode(b)];
}

/**
 * Token counts of `a` and `b`, which agree on their first `shared` chars, and the end of the
 * pre-tokens both splits share (the start of both texts when the tokenizer cannot tell).
 */
export function countPair(tokenizer: Tokenizer, a: string, b: string, shared: number): PairCount {
  return tokenizer.countPair ? tokenizer.countPair(a, b, shared) : { a: tokenizer.count(a), b: tokenizer.count(b), commonEnd: 0, commonTokens: 0 };
}

/** Leading tokens `encode(a)` and `encode(b)` share, where `a` and `b` agree on their first `shared` chars. */
export function commonTokens(tokenizer: Tokenizer, a: string, b: string, shared: number): number {
  if (tokenizer.commonTokens) return tokenizer.commonTokens(a, b, shared);
  const [tokensA, tokensB] = encodePair(tokenizer, a, b, shared);
  const limit = Math.min(tokensA.length, tokensB.length);
  let index = 0;
  while (index < limit && tokensA[index] === tokensB[index]) index++;
  return index;
}
