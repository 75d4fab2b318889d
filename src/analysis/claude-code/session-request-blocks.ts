import { conversationAt, type ClaudeCodeApiCall } from './api-calls.js';
import { appendRequestBlocks, type BlockPosition, type RequestBlock } from './content-blocks.js';
import type { ClaudeCodeTranscript, ConversationEntry } from './transcript-entry.js';

/** The chain the session's latest request carried, as blocks. */
interface LatestChain {
  readonly end: string;
  /** Uuids of every entry of the chain: a new entry already in it would close a loop. */
  readonly uuids: Set<string>;
  readonly blocks: readonly RequestBlock[];
  readonly position: BlockPosition;
}

/**
 * The content blocks of one session's requests, built from the session's previous request: a
 * request's input is the previous input plus the entries appended since, so only those are walked
 * and turned into blocks. Walking each request's whole `parentUuid` chain instead costs every
 * request its history (quadratic in a long transcript). The blocks equal `requestBlocks(call.input)`:
 * when the new chain does not pass through the previous end (a rewind, a branch) or would meet an
 * entry twice, `call.input` is read whole.
 */
export class SessionRequestBlocks {
  readonly #byUuid = new Map<string, ConversationEntry>();
  readonly #links: ReadonlyMap<string, string | null> | undefined;
  readonly #memo: Map<string, RequestBlock[]>;
  #latest: LatestChain | undefined;

  constructor(transcript: ClaudeCodeTranscript, memo: Map<string, RequestBlock[]>) {
    for (const entry of transcript.entries) this.#byUuid.set(entry.uuid, entry);
    this.#links = transcript.links;
    this.#memo = memo;
  }

  /** The blocks `call` sent (its input chain's). */
  of(call: ClaudeCodeApiCall): readonly RequestBlock[] {
    const end = call.lastInput?.uuid;
    if (end === undefined) return [];
    const latest = this.#latest;
    const added: ConversationEntry[] = [];
    const seen = new Set<string>();
    let at = this.#byUuid.get(end);
    // Up to the previous request's end, when the new chain passes through it.
    while (at !== undefined && at.uuid !== latest?.end && !seen.has(at.uuid)) {
      seen.add(at.uuid);
      added.push(at);
      at = conversationAt(at.parentUuid, this.#byUuid, this.#links);
    }
    added.reverse();
    const extends_ = latest !== undefined && at !== undefined && at.uuid === latest.end && !added.some((entry) => latest.uuids.has(entry.uuid));
    const blocks: RequestBlock[] = extends_ ? latest.blocks.slice() : [];
    const entries = extends_ ? added : call.input;
    const position = appendRequestBlocks(entries, this.#memo, extends_ ? latest.position : { message: -1, role: undefined }, blocks);
    const uuids = extends_ ? latest.uuids : new Set<string>();
    for (const entry of entries) uuids.add(entry.uuid);
    this.#latest = { end, uuids, blocks, position };
    return blocks;
  }
}
