import type { ChatWireMessage } from '../../providers/index.js';
import type { MessagePart, Segment } from '../../prefix/index.js';
import type { BuiltSegments } from './built-segments.js';
import type { RenderedMessages } from './rendered-messages.js';
import { lastRealUserMessage, renderConversationBlocks, type RenderedBlock } from './v4-conversation.js';

/** Conversations a renderer remembers, newest first: a replay interleaves a parent and its children. */
const CONVERSATIONS_KEPT = 16;

/** The conversation of one request rendered: its parts, blocks and segments, and where each block's segments start. */
interface RenderedConversation {
  /** Prefix hash of the head it follows. */
  readonly headEnd: bigint;
  readonly parts: readonly MessagePart[];
  readonly blocks: readonly RenderedBlock[];
  /** Index into `segments` of each block's first segment. */
  readonly blockStarts: readonly number[];
  readonly segments: readonly Segment[];
  readonly lastReal: number;
}

/** True when `parts` starts with every part of `known`, the same objects (a log rebuilt incrementally hands them on). */
function extendsParts(parts: readonly MessagePart[], known: readonly MessagePart[]): boolean {
  if (known.length === 0 || known.length > parts.length || parts[known.length - 1] !== known[known.length - 1]) return false;
  for (let index = 0; index < known.length; index++) if (parts[index] !== known[index]) return false;
  return true;
}

/** Index of the block holding wire message `message`. */
function blockOf(blocks: readonly RenderedBlock[], message: number): number {
  for (let index = blocks.length - 1; index >= 0; index--) if (blocks[index]!.from <= message) return index;
  return 0;
}

/**
 * The conversation segments of the requests rendered before, so that a request whose history
 * extends an earlier one's renders only what changed. A replay rebuilds each request from its
 * predecessor (`RequestReconstructor`), whose message parts are the same objects; rendering and
 * walking the whole history again for every request made a long log's replay quadratic.
 *
 * The blocks kept are those whose rendering cannot change (see v4-conversation.ts): all of the
 * earlier request's blocks, except a last user block that the new messages join, and, when the new
 * messages bring a real user message, every block from the one that held the previous last real
 * user message on (their reasoning is dropped, unless their stretch called tools, and their closing
 * changes). Parts that are not the
 * same objects, or another head, render the whole conversation, as before.
 */
export class RenderedConversations {
  #conversations: RenderedConversation[] = [];

  /** The conversation segments of `parts` after the head ending in `headEnd`. */
  segments(headEnd: bigint, parts: readonly MessagePart[], texts: RenderedMessages, built: BuiltSegments): readonly Segment[] {
    const messages = parts.map((part) => part.wire as ChatWireMessage);
    const index = this.#conversations.findIndex((known) => known.headEnd === headEnd && extendsParts(parts, known.parts));
    const known = index < 0 ? undefined : this.#conversations[index];
    let kept = 0;
    let from = 0;
    let lastReal: number;
    if (known) {
      lastReal = lastRealUserMessage(messages, known.parts.length, known.lastReal);
      kept = known.blocks.length;
      const last = known.blocks.at(-1);
      if (last?.role === 'user' && messages.length > known.parts.length) kept--;
      if (lastReal !== known.lastReal) kept = Math.min(kept, known.lastReal < 0 ? 0 : blockOf(known.blocks, known.lastReal));
      from = kept < known.blocks.length ? known.blocks[kept]!.from : known.parts.length;
    } else {
      lastReal = lastRealUserMessage(messages);
    }
    const keptSegments = known ? known.segments.slice(0, known.blockStarts[kept] ?? known.segments.length) : [];
    const keptBlocks = known ? known.blocks.slice(0, kept) : [];
    const blockStarts = known ? known.blockStarts.slice(0, kept) : [];
    const blocks = renderConversationBlocks(messages, parts, texts, from, lastReal);
    let previous = keptSegments.at(-1)?.prefixHash ?? headEnd;
    // The new segments are joined to the kept ones by one concat, at the exact length: a list grown
    // by push past V8's large-object size (16k pointers) is allocated outside the young generation.
    const added: Segment[] = [];
    for (const block of blocks) {
      blockStarts.push(keptSegments.length + added.length);
      for (const segment of built.chain(previous, block.inputs)) added.push(segment);
      previous = added.at(-1)?.prefixHash ?? previous;
    }
    const segments = keptSegments.concat(added);
    const conversation: RenderedConversation = { headEnd, parts: parts.slice(), blocks: keptBlocks.concat(blocks), blockStarts, segments, lastReal };
    const others = index < 0 ? this.#conversations.slice(0, CONVERSATIONS_KEPT - 1) : this.#conversations.filter((_, position) => position !== index);
    this.#conversations = [conversation, ...others];
    return segments;
  }
}
