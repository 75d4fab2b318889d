import { commonChars } from '../../prefix/common-chars.js';
import { readWholeBody, spliceBody, type ReadBody } from './spliced-body.js';
import type { Rendered } from './segment-reuse.js';

/** A body the watch read, and the request it rendered to (once it did). */
export interface KnownBody {
  readonly body: ReadBody;
  rendered: Rendered | undefined;
}

/**
 * The last bodies the watch read, newest first, so that the next body of a conversation is read from
 * its previous one (`spliceBody`) and rendered reusing its segments (`SegmentReuse`), at a cost that
 * follows what changed, not the conversation's length. Several are kept because a host may run
 * several conversations at once (subagents), each growing on its own; the one sharing the longest
 * leading text with the new body is its predecessor. At most `limit` are kept: each holds one body's
 * text, and parsed values shared with its neighbours.
 */
export class BodyHistory {
  readonly #known: KnownBody[] = [];
  readonly #limit: number;

  constructor(limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`watch body history must keep a positive integer of bodies, got ${limit}`);
    this.#limit = limit;
  }

  /**
   * `text` read (spliced from its predecessor when it can be, else whole), with its predecessor's
   * rendering; undefined when it is not a JSON object. It becomes the newest known body. `source`
   * names the body in an error (a body nested too deep).
   */
  read(text: string, source = 'request body'): { readonly known: KnownBody; readonly earlier: Rendered | undefined } | undefined {
    let nearest: KnownBody | undefined;
    let longest = -1;
    for (const known of this.#known) {
      // Only a body that also holds the new text's char at `longest` can share more: most bodies are
      // ruled out there, without comparing everything before it again.
      if (longest >= 0 && known.body.text.charCodeAt(longest) !== text.charCodeAt(longest)) continue;
      const shared = commonChars(known.body.text, text);
      if (shared > longest) [nearest, longest] = [known, shared];
    }
    const body = (nearest && spliceBody(nearest.body, text, longest)) ?? readWholeBody(text, source);
    if (!body) return undefined;
    const known: KnownBody = { body, rendered: undefined };
    if (nearest && longest === text.length && longest === nearest.body.text.length) this.#known.splice(this.#known.indexOf(nearest), 1);
    this.#known.unshift(known);
    if (this.#known.length > this.#limit) this.#known.length = this.#limit;
    return { known, earlier: nearest?.rendered };
  }
}
