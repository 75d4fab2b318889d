import { chainHash, hashText } from '../../prefix/index.js';

/**
 * The units a replayed Claude Code request is matched by: one for its head (tools and system prompt),
 * then one per content block. Blocks sent with thinking enabled get other units than the same blocks
 * sent without: Anthropic invalidates the message cache when the thinking parameters change, and
 * keeps the tools and system prompt cached (the head's unit does not change).
 */
const THINKING_SALT = Number(hashText('claude-code thinking enabled') & 0xffffffffn);

/** The head's unit: sessions of one agent and version send the same head (siblings of one subagent type share it). */
export function headSymbol(version: string | undefined, agent: string): number {
  return Number(hashText(`head:${version ?? ''}:${agent}`) & 0xffffffffn);
}

/** A block's unit under the request's thinking setting. */
export function messageUnit(symbol: number, thinking: boolean): number {
  return thinking ? (symbol ^ THINKING_SALT) >>> 0 : symbol;
}

/** What the first message segment chains from: the head's prefix hash, marked when thinking is enabled, so segments part where units do. */
export function messageSeed(headPrefixHash: bigint, thinking: boolean): bigint {
  return thinking ? chainHash(headPrefixHash, BigInt(THINKING_SALT)) : headPrefixHash;
}
