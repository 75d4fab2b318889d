import { chainHash, hashText } from '../../prefix/index.js';
import { hashTextWithLength } from '../../prefix/hash.js';
import type { ConversationEntry, LoggedContentBlock } from './transcript-entry.js';

/** One content block of a request as kvprefix sees it: its text for token estimates and a 32-bit symbol. */
export interface RequestBlock {
  /** `message[<n>]:<role> <block type>`, n counting API messages (consecutive entries of one role merge). */
  readonly name: string;
  readonly role: 'user' | 'assistant';
  readonly type: string;
  /** What the block contributes to the prompt, rendered as text (see `blockText`). */
  readonly text: string;
  /** The text's xxHash64 and UTF-8 length (`hashTextWithLength`), which its segment is built from. */
  readonly measured: { readonly hash: bigint; readonly byteLength: number };
  /** Low 32 bits of the text's hash chained onto the hash of role and type: equal blocks get equal symbols. */
  readonly symbol: number;
}

function toolResultText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((part: unknown) => (typeof part === 'object' && part !== null ? blockText(part as LoggedContentBlock) : '')).join('\n');
}

/*
 * The text of a block as the model reads it. Claude Code's request bodies are not logged, so this is
 * the content without the JSON envelope: text, the thinking text (its signature is not prompt
 * text), a tool call as its name and JSON input, a tool result as its output. Images are not in the
 * transcript's text; a placeholder keeps their position. Token counts of this text are estimates that
 * the replay calibrates against the usage the session reported.
 */
export function blockText(block: LoggedContentBlock): string {
  const field = (name: string): unknown => (block as Record<string, unknown>)[name];
  switch (block.type) {
    case 'text':
      return String(field('text') ?? '');
    case 'thinking':
      return String(field('thinking') ?? '');
    case 'redacted_thinking':
      return String(field('data') ?? '');
    case 'tool_use':
      return `${String(field('name') ?? '')} ${JSON.stringify(field('input') ?? {})}`;
    case 'tool_result':
      return toolResultText(field('content'));
    case 'image':
    case 'document':
      return `[${block.type}]`;
    default:
      return JSON.stringify(block);
  }
}

function symbolOf(role: string, type: string, textHash: bigint): number {
  return Number(chainHash(hashText(`${role}\u0000${type}`), textHash) & 0xffffffffn);
}

/** Where a list of request blocks stands after its last entry: the API message number and its role. */
export interface BlockPosition {
  readonly message: number;
  readonly role: string | undefined;
}

/** The content blocks a chain of entries puts on the wire, in order, with API message numbers. */
export function requestBlocks(chain: readonly ConversationEntry[], memo: Map<string, RequestBlock[]>): RequestBlock[] {
  const blocks: RequestBlock[] = [];
  appendRequestBlocks(chain, memo, { message: -1, role: undefined }, blocks);
  return blocks;
}

/**
 * Appends to `blocks` the content blocks of `entries`, which follow a chain that ended at `from`;
 * returns where the list then stands. `requestBlocks` of a longer chain equals the blocks of its
 * leading part followed by these.
 */
export function appendRequestBlocks(entries: readonly ConversationEntry[], memo: Map<string, RequestBlock[]>, from: BlockPosition, blocks: RequestBlock[]): BlockPosition {
  let message = from.message;
  let previousRole = from.role;
  for (const entry of entries) {
    const role = entry.message.role;
    // The API alternates roles: consecutive entries of one role (the blocks of a streamed response,
    // the results of parallel tool calls) are one message.
    if (role !== previousRole) message++;
    previousRole = role;
    const key = `${entry.uuid}\u0000${message}`;
    let own = memo.get(key);
    if (own === undefined) {
      const content = typeof entry.message.content === 'string' ? [{ type: 'text', text: entry.message.content }] : entry.message.content;
      own = content.map((block) => {
        const text = blockText(block);
        // Hashed once: the symbol and the block's segment both come from this hash.
        const measured = hashTextWithLength(text);
        return { name: `message[${message}]:${role} ${block.type}`, role, type: block.type, text, measured, symbol: symbolOf(role, block.type, measured.hash) };
      });
      memo.set(key, own);
    }
    for (const block of own) blocks.push(block);
  }
  return { message, role: previousRole };
}
