import type { ChatWireMessage } from '../../providers/index.js';
import type { MessagePart, Segment } from '../../prefix/index.js';
import type { BuiltSegments } from './built-segments.js';
import type { RenderedMessages } from './rendered-messages.js';
import { lastRealUserMessage, renderConversationBlocks, type RenderedBlock } from './v4-conversation.js';

/** Conversations a renderer remembers, newest first: a replay interleaves a parent and its children. */
const CONVERSATIONS_KEPT = 16;

/**
 * The conversation of the latest request of one lineage rendered: its parts, blocks and segments, and
 * where each block's segments start. A request that extends it takes it over and grows it in place
 * (the lists are the renderer's own, never handed out), so a long history is not copied per request.
 */
interface RenderedConversation {
  /** Prefix hash of the head it follows. */
  readonly headEnd: bigint;
  /** False for chat mode (thinking disabled), which renders every block differently. */
  readonly thinking: boolean;
  readonly parts: MessagePart[];
  /** The parts' wire messages. */
  readonly messages: ChatWireMessage[];
  readonly blocks: RenderedBlock[];
  /** Index into `segments` of each block's first segment. */
  readonly blockStarts: number[];
  readonly segments: Segment[];
  lastReal: number;
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

  /** The segments of a request: `head` (ending in `headEnd`) followed by the conversation of `parts`. */
  segments(head: readonly Segment[], headEnd: bigint, parts: readonly MessagePart[], texts: RenderedMessages, built: BuiltSegments, thinking = true): Segment[] {
    const index = this.#conversations.findIndex((known) => known.headEnd === headEnd && known.thinking === thinking && extendsParts(parts, known.parts));
    let conversation: RenderedConversation;
    let from = 0;
    if (index >= 0) {
      conversation = this.#conversations[index]!;
      const { blocks, blockStarts, segments } = conversation;
      const knownLength = conversation.parts.length;
      for (let message = knownLength; message < parts.length; message++) {
        conversation.parts.push(parts[message]!);
        conversation.messages.push(parts[message]!.wire as ChatWireMessage);
      }
      const lastReal = lastRealUserMessage(conversation.messages, knownLength, conversation.lastReal);
      let kept = blocks.length;
      if (blocks.at(-1)?.role === 'user' && parts.length > knownLength) kept--;
      if (lastReal !== conversation.lastReal) kept = Math.min(kept, conversation.lastReal < 0 ? 0 : blockOf(blocks, conversation.lastReal));
      from = kept < blocks.length ? blocks[kept]!.from : knownLength;
      segments.length = blockStarts[kept] ?? segments.length;
      blocks.length = kept;
      blockStarts.length = kept;
      conversation.lastReal = lastReal;
    } else {
      const messages = parts.map((part) => part.wire as ChatWireMessage);
      conversation = { headEnd, thinking, parts: parts.slice(), messages, blocks: [], blockStarts: [], segments: [], lastReal: lastRealUserMessage(messages) };
    }
    const { blocks, blockStarts, segments } = conversation;
    try {
      let previous = segments.at(-1)?.prefixHash ?? headEnd;
      for (const block of renderConversationBlocks(conversation.messages, parts, texts, from, conversation.lastReal, thinking)) {
        blocks.push(block);
        blockStarts.push(segments.length);
        for (const segment of built.chain(previous, block.inputs)) segments.push(segment);
        previous = segments.at(-1)?.prefixHash ?? previous;
      }
    } catch (error) {
      // Half grown, it is no earlier request's rendering: forget it.
      this.#conversations = this.#conversations.filter((known) => known !== conversation);
      throw error;
    }
    const others = index < 0 ? this.#conversations.slice(0, CONVERSATIONS_KEPT - 1) : this.#conversations.filter((_, position) => position !== index);
    this.#conversations = [conversation, ...others];
    // One list per request, at its exact length: a list grown by push past V8's large-object size
    // (16k pointers) is allocated outside the young generation.
    return head.concat(segments);
  }
}
