import { Segment, type PrefixRequest, type RenderReuse, type SegmentInput, type SegmentMeta } from '../../prefix/index.js';

/**
 * A request as rendered, with the content of the input each segment stands for. The rest of an
 * input (kind, name, metadata) is the segment's own: a segment keeps them as given, and one handed
 * back stood for an equal input. Holding the contents, not the inputs, leaves each render's inputs
 * to die young instead of being kept for the next body.
 */
export interface Rendered {
  readonly request: PrefixRequest;
  readonly contents: readonly SegmentInput['content'][];
  /** The wire objects whose JSON the render asked for, in the order it asked, and that JSON. */
  readonly wires: readonly unknown[];
  readonly jsons: readonly string[];
}

// Every field of segment metadata, checked by the compiler: a field added to `SegmentMeta` (or to
// its breakpoint) and not compared here fails the build instead of reusing a segment wrongly.
const META_FIELDS = ['cacheControl', 'role', 'blocks'] as const satisfies readonly (keyof SegmentMeta)[];
const BREAKPOINT_FIELDS = ['type', 'ttl'] as const satisfies readonly (keyof Breakpoint)[];
type Breakpoint = NonNullable<SegmentMeta['cacheControl']>;
const everyField: [Exclude<keyof SegmentMeta, (typeof META_FIELDS)[number]>, Exclude<keyof Breakpoint, (typeof BREAKPOINT_FIELDS)[number]>] extends [never, never] ? true : never = true;

function sameBreakpoint(a: Breakpoint | undefined, b: Breakpoint | undefined): boolean {
  return a === b || (a !== undefined && b !== undefined && a.type === b.type && a.ttl === b.ttl);
}

function sameMeta(a: SegmentMeta | undefined, b: SegmentMeta | undefined): boolean {
  return everyField && (a === b || (a !== undefined && b !== undefined && a.role === b.role && a.blocks === b.blocks && sameBreakpoint(a.cacheControl, b.cacheControl)));
}

/** True when `segment`, standing for an input with `content`, stands for `input` too (a keyed one: with the same key). */
function standsFor(segment: Segment, content: SegmentInput['content'], input: SegmentInput): boolean {
  return content === input.content && segment.key === input.key && segment.kind === input.kind && segment.name === input.name && sameMeta(segment.meta, input.meta);
}

/**
 * Rendering of one body that hands back the earlier body's segments where they are the same:
 * a segment at the same position, built from an equal input (kind, name, text, metadata) on the same
 * chain, is the segment the default would build. So a conversation re-sent with one more message
 * hashes only that message; the unchanged ones keep their segment objects, and with them their
 * already decoded text. Wire objects seen before keep their JSON (`json`), stringified once per
 * object for as long as the object lives; the object asked for at the same turn as in the earlier
 * render (an unchanged tool or message of a grown conversation) finds it there, without a lookup.
 */
export class SegmentReuse {
  readonly #earlier: Rendered | undefined;
  readonly #contents: SegmentInput['content'][] = [];
  readonly #wires: unknown[] = [];
  readonly #jsons: string[] = [];
  readonly reuse: RenderReuse;

  constructor(earlier: Rendered | undefined, jsonOf: WeakMap<object, string>, derivedOf: WeakMap<object, unknown> = new WeakMap()) {
    this.#earlier = earlier;
    this.reuse = {
      derived: <T>(from: object, make: () => T): T => {
        if (derivedOf.has(from)) return derivedOf.get(from) as T;
        const value = make();
        derivedOf.set(from, value);
        return value;
      },
      json: (wire) => {
        const turn = this.#wires.length;
        let json: string | undefined;
        if (earlier && turn < earlier.wires.length && earlier.wires[turn] === wire) json = earlier.jsons[turn]!;
        else if (typeof wire !== 'object' || wire === null) json = JSON.stringify(wire);
        else if ((json = jsonOf.get(wire)) === undefined) jsonOf.set(wire, (json = JSON.stringify(wire)));
        this.#wires.push(wire);
        this.#jsons.push(json);
        return json;
      },
      segment: (input, previousPrefixHash) => {
        const index = this.#contents.length;
        this.#contents.push(input.content);
        const earlier = this.#earlier;
        const segment = earlier?.request.segments[index];
        if (earlier && segment && standsFor(segment, earlier.contents[index]!, input)) {
          const chain = index === 0 ? earlier.request.routeSeed : earlier.request.segments[index - 1]!.prefixHash;
          if (chain === previousPrefixHash) return segment;
        }
        return new Segment(input, previousPrefixHash);
      },
    };
  }

  /** The request rendered with this reuse, kept for the next body. */
  rendered(request: PrefixRequest): Rendered {
    return { request, contents: this.#contents, wires: this.#wires, jsons: this.#jsons };
  }
}
