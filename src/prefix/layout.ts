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

/** One model-visible message as it goes on the wire. */
export interface MessagePart {
  readonly name: string;
  readonly role: string;
  /** The wire message object. */
  readonly wire: unknown;
  /** `task` for a child's first user message (the one thing a fork child adds after the seed). */
  readonly kind?: Extract<SegmentKind, 'message' | 'task'>;
  readonly meta?: SegmentMeta;
}

/** A request before rendering: what the host assembled, in its own order within each part. */
export interface RequestParts {
  readonly system: readonly SystemPart[];
  readonly tools: readonly ToolPart[];
  readonly messages: readonly MessagePart[];
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

function messageInputs(parts: RequestParts, json: WireJson): SegmentInput[] {
  return parts.messages.map((message) => ({
    kind: message.kind ?? 'message',
    name: message.name,
    content: json(message.wire),
    meta: { ...message.meta, role: message.role },
  }));
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
 */
export const LAYOUTS = {
  chat: (parts: RequestParts, json: WireJson = compactJson) => [...systemInputs(parts), ...toolInputs(parts, json), ...messageInputs(parts, json)],
  anthropic: (parts: RequestParts, json: WireJson = compactJson) => [...toolInputs(parts, json), ...systemInputs(parts), ...messageInputs(parts, json)],
} as const satisfies Record<LayoutName, (parts: RequestParts, json?: WireJson) => SegmentInput[]>;

/**
 * How a caller that renders the same parts again and again (a watch on a growing conversation) skips
 * repeated work: `json` may return a wire object's JSON it made before, `segment` a segment it built
 * before from the same input on the same chain. Each must give exactly what the default would.
 */
export interface RenderReuse {
  readonly json?: WireJson;
  readonly segment?: SegmentBuilder;
}

/** Renders parts into a hashed request in the layout's wire order. */
export function renderRequest(route: RouteKey, layout: LayoutName, parts: RequestParts, reuse: RenderReuse = {}): PrefixRequest {
  return createRequest(route, layout, LAYOUTS[layout](parts, reuse.json), reuse.segment);
}
