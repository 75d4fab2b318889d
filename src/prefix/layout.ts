import { createRequest, type LayoutName, type PrefixRequest, type SegmentBuilder } from './request.js';
import type { RouteKey } from './route-key.js';
import type { SegmentInput, SegmentKind, SegmentMeta } from './segment.js';

/** One system-prompt section, already interpolated. */
export interface SystemPart {
  /** Section id, e.g. `harness:identity`, `tool:report`, `tools:sdk`. */
  readonly name: string;
  readonly text: string;
  /** `sdk` for the generated Code Mode binding block; `system` otherwise. */
  readonly kind?: Extract<SegmentKind, 'system' | 'sdk'>;
  readonly meta?: SegmentMeta;
}

/** One tool schema as it goes on the wire. */
export interface ToolPart {
  readonly name: string;
  /** The wire object (`{type:'function', function:{…}}` for chat, `{name, input_schema, …}` for Anthropic). */
  readonly schema: unknown;
  /** `schema` as compact JSON, when the caller already holds it (the guard renders one tool block for every child it checks). */
  readonly json?: string;
  readonly meta?: SegmentMeta;
}

/**
 * One stretch of a message's content blocks that is a segment of its own: the blocks up to and
 * including `throughBlock` (0-based index into the message's `content` array), after the previous
 * piece's. A reader cuts a message where a breakpoint sits on a block that is not its last, so the
 * breakpoint's offset is a segment end; the pieces' bytes together are the message's bytes.
 */
export interface MessagePiece {
  readonly throughBlock: number;
  readonly meta?: SegmentMeta;
}

/** One model-visible message as it goes on the wire. */
export interface MessagePart {
  readonly name: string;
  readonly role: string;
  /** The wire message object. */
  readonly wire: unknown;
  /** `task` for a child's first user message (the one thing a fork child adds after the seed). */
  readonly kind?: Extract<SegmentKind, 'message' | 'task'>;
  readonly meta?: SegmentMeta;
  /**
   * Where the message is cut into more than one segment (each piece with its own metadata; the last
   * piece must run through the last block). Absent: the message is one segment with `meta`.
   */
  readonly pieces?: readonly MessagePiece[];
}

/**
 * A request setting the provider keys its cache on without sending bytes for it (a parameter whose
 * change invalidates the cache from some part of the request on). It renders as a keyed segment of
 * kind `setting` at the head of the part it names, in the layout's wire order: a request that
 * changes it shares everything before that part and nothing from there on.
 */
export interface SettingPart {
  /** What the setting is, as the reader names it (`tool_choice`). */
  readonly name: string;
  /** Its value as the cache keys it: equal keys, equal settings. */
  readonly key: string;
  /** The part of the request whose cache (and every later part's) is keyed on it. */
  readonly heads: 'system' | 'messages';
}

/** A request before rendering: what the host assembled, in its own order within each part. */
export interface RequestParts {
  readonly system: readonly SystemPart[];
  readonly tools: readonly ToolPart[];
  readonly messages: readonly MessagePart[];
  /** Settings keyed at the head of a part, in the reader's order; absent: none. */
  readonly settings?: readonly SettingPart[];
}

/**
 * Separator between system sections. DSH's `renderPrompt` "drops empty sections, joins with blank
 * lines" (DSH's `packages/core/system-prompt/README.md`), and Anthropic's block-array
 * `system` is read block by block with the same separator so that both layouts count one system text.
 */
export const SECTION_SEPARATOR = '\n\n';

/*
 * What the bytes are. The server's chat template is not public for every route, so kvprefix renders
 * a canonical form of exactly what the template receives: system text verbatim (the sections joined
 * as the host joins them; each later section carries its leading separator, so an inserted section
 * starts its own segment), each tool schema and each message as compact JSON of its wire object.
 * Template role markers are fixed per message and never move a divergence point; absolute token
 * counts of a route must still be calibrated against observed usage (shared/PACKAGES.md).
 */
function systemInputs(parts: RequestParts): SegmentInput[] {
  const inputs: SegmentInput[] = [];
  for (const part of parts.system) {
    if (part.text === '') continue;
    const text = inputs.length === 0 ? part.text : SECTION_SEPARATOR + part.text;
    inputs.push({ kind: part.kind ?? 'system', name: part.name, content: text, ...(part.meta ? { meta: part.meta } : {}) });
  }
  return inputs;
}

/** The keyed segments of the settings that head `part`, in the reader's order. */
function settingInputs(parts: RequestParts, part: SettingPart['heads']): SegmentInput[] {
  if (!parts.settings) return [];
  // No content block ends in a setting (a lookback counted in blocks does not count it).
  return parts.settings.filter((setting) => setting.heads === part).map((setting) => ({ kind: 'setting' as const, name: setting.name, content: '', key: setting.key, meta: { blocks: 0 } }));
}

/** Compact JSON of a wire object (tool schema, message), the form every layout renders them in. */
export type WireJson = (wire: unknown) => string;

const compactJson: WireJson = (wire) => JSON.stringify(wire);

function toolInputs(parts: RequestParts, json: WireJson): SegmentInput[] {
  return parts.tools.map((tool) => ({
    kind: 'tool' as const,
    name: tool.name,
    content: tool.json ?? json(tool.schema),
    ...(tool.meta ? { meta: tool.meta } : {}),
  }));
}

/**
 * Char offsets in `text` (the compact JSON of `wire`) just after each element of `wire.content`, or
 * undefined when `text` is not laid out as `JSON.stringify` lays out `wire` (then the message stays
 * one segment). JSON.stringify writes keys in insertion order and leaves out undefined values.
 */
function contentBlockEnds(wire: unknown, text: string): number[] | undefined {
  if (typeof wire !== 'object' || wire === null || Array.isArray(wire)) return undefined;
  let offset = 1;
  let first = true;
  for (const [key, value] of Object.entries(wire)) {
    const keyLength = JSON.stringify(key).length + 1;
    if (key === 'content') {
      if (!Array.isArray(value)) return undefined;
      offset += (first ? 0 : 1) + keyLength + 1;
      const ends: number[] = [];
      for (const block of value) {
        offset += (ends.length === 0 ? 0 : 1) + (JSON.stringify(block) ?? 'null').length;
        ends.push(offset);
      }
      // The layout is checked where it matters: the array opens and each block closes where counted.
      if (text[offset] !== ']' || ends.some((end) => text[end - 1] !== '}')) return undefined;
      return ends;
    }
    const valueJson = JSON.stringify(value);
    if (valueJson === undefined) continue;
    offset += (first ? 0 : 1) + keyLength + valueJson.length;
    first = false;
  }
  return undefined;
}

function messageInputs(parts: RequestParts, json: WireJson): SegmentInput[] {
  const inputs: SegmentInput[] = [];
  for (const message of parts.messages) {
    const kind = message.kind ?? 'message';
    const text = json(message.wire);
    const ends = message.pieces && message.pieces.length > 1 ? contentBlockEnds(message.wire, text) : undefined;
    if (!ends || !message.pieces) {
      inputs.push({ kind, name: message.name, content: text, meta: { ...message.meta, role: message.role } });
      continue;
    }
    let start = 0;
    let firstBlock = 0;
    message.pieces.forEach((piece, index) => {
      const last = index === message.pieces!.length - 1;
      const end = last ? text.length : ends[piece.throughBlock]!;
      const name = firstBlock === 0 ? message.name : `${message.name}.content[${firstBlock}]`;
      inputs.push({ kind, name, content: text.slice(start, end), meta: { ...piece.meta, role: message.role } });
      start = end;
      firstBlock = piece.throughBlock + 1;
    });
  }
  return inputs;
}

/**
 * The wire orders. Each is the order in which the provider's template lays the parts out before
 * the first generated token, which is the order its prefix cache sees:
 *
 * - `chat` (DeepSeek, OpenAI chat completions): the system message, then the tool definitions, then
 *   the conversation. DeepSeek's and OpenAI's templates both render tools into the request head
 *   ahead of every user/assistant turn, so a tool change takes all messages down with it, and so
 *   does any system-text change (the system message precedes the tools).
 * - `anthropic` (Messages API): `tools`, then `system`, then `messages` — Anthropic documents this
 *   cache hierarchy ("tools → system → messages", prompt-caching docs), so a persona change leaves
 *   the tool definitions cached.
 *
 * In both, the settings that head a part (`SettingPart`) come just before that part's first segment.
 */
export const LAYOUTS = {
  chat: (parts: RequestParts, json: WireJson = compactJson) => [
    ...settingInputs(parts, 'system'),
    ...systemInputs(parts),
    ...toolInputs(parts, json),
    ...settingInputs(parts, 'messages'),
    ...messageInputs(parts, json),
  ],
  anthropic: (parts: RequestParts, json: WireJson = compactJson) => [
    ...toolInputs(parts, json),
    ...settingInputs(parts, 'system'),
    ...systemInputs(parts),
    ...settingInputs(parts, 'messages'),
    ...messageInputs(parts, json),
  ],
} as const satisfies Record<LayoutName, (parts: RequestParts, json?: WireJson) => SegmentInput[]>;

/**
 * How a caller that renders the same parts again and again (a watch on a growing conversation) skips
 * repeated work: `json` may return a wire object's JSON it made before, `segment` a segment it built
 * before from the same input on the same chain. Each must give exactly what the default would.
 */
export interface RenderReuse {
  readonly json?: WireJson;
  readonly segment?: SegmentBuilder;
  /**
   * What a reader derives from one of the body's objects alone (an Anthropic message with its
   * breakpoints taken off and its content in canonical form): the value `make` gave for the same
   * object before may be handed back, so the derived wire object keeps its JSON from body to body.
   */
  readonly derived?: <T>(from: object, make: () => T) => T;
}

/** Renders parts into a hashed request in the layout's wire order. */
export function renderRequest(route: RouteKey, layout: LayoutName, parts: RequestParts, reuse: RenderReuse = {}): PrefixRequest {
  return createRequest(route, layout, LAYOUTS[layout](parts, reuse.json), reuse.segment);
}
