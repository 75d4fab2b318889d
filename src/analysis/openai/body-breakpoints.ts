import type { SegmentMeta } from '../../prefix/index.js';
import { cachesAtBreakpoints, writtenBreakpoints, type PromptCacheMode } from './breakpoint-rules.js';
import { isJsonObject, type BodyLocation, type JsonObject } from '../wire/body-fields.js';
import type { CacheControl } from '../wire/cache-control.js';

/**
 * OpenAI's `prompt_cache_breakpoint` (GPT-5.6 and later; SDK 7.59.0 `PromptCacheBreakpoint`:
 * `{mode: 'explicit', ttl?: '30m' | '12h'}` on a content block of Chat Completions and Responses
 * input) "Marks the exact end of a reusable prompt prefix". Like Anthropic's `cache_control` it says
 * where the cache is written and is no prompt text: it is taken off the bytes and kept as segment
 * metadata, `{type: 'explicit', ttl?}`. The breakpoint OpenAI places itself is `{type: 'implicit'}`.
 */
export function splitPromptBreakpoint(part: JsonObject, location: BodyLocation): { wire: JsonObject; cacheControl: CacheControl | undefined } {
  if (!('prompt_cache_breakpoint' in part)) return { wire: part, cacheControl: undefined };
  const { prompt_cache_breakpoint: raw, ...wire } = part;
  // `null` is typed for some parts (`ResponseInputTextContent`): no breakpoint.
  if (raw === null) return { wire, cacheControl: undefined };
  const at = location.at('prompt_cache_breakpoint');
  const object = at.object(raw);
  const mode = object['mode'] === undefined ? 'explicit' : at.at('mode').string(object['mode']);
  if (mode !== 'explicit') throw at.at('mode').error(`is '${mode}': a prompt_cache_breakpoint's mode is always 'explicit'`);
  if (object['ttl'] === undefined) return { wire, cacheControl: { type: 'explicit' } };
  return { wire, cacheControl: { type: 'explicit', ttl: ttlOf(object['ttl'], at.at('ttl')) } };
}

function ttlOf(value: unknown, location: BodyLocation): string {
  const ttl = location.string(value);
  // "`30m` (the default) and `12h`" (SDK 7.59.0, `PromptCacheOptions.ttl` and `PromptCacheBreakpoint.ttl`).
  if (ttl !== '30m' && ttl !== '12h') throw location.error(`is '${ttl}', not a prompt cache TTL ('30m' or '12h')`);
  return ttl;
}

/** One piece of a message cut at its breakpoints: the wire object, the breakpoint ending it, and the index of its first content part. */
export interface MessagePiece {
  readonly wire: JsonObject;
  readonly cacheControl: CacheControl | undefined;
  readonly firstPart: number;
}

/** True when a content part of the message carries a `prompt_cache_breakpoint` (a string content has none). */
export function hasContentBreakpoint(message: JsonObject): boolean {
  const content = message['content'];
  if (!Array.isArray(content)) return false;
  for (const part of content) if (isJsonObject(part) && 'prompt_cache_breakpoint' in part) return true;
  return false;
}

/**
 * A message or input item cut after each content part that carries a breakpoint, each breakpoint
 * taken off its part. A breakpoint "Marks the exact end of a reusable prompt prefix" (SDK 7.59.0),
 * and a segment can end a prefix only where it ends: a document block marked ahead of a question in
 * the same message is its own piece, so the next question reads the document. The first piece keeps
 * the message's other fields (`role`, `name`…); later ones are `{content: [...]}`, a few bytes more
 * than the message sends, never a part less. A message with no breakpoint is one piece, the object
 * it was.
 */
export function splitAtContentBreakpoints(message: JsonObject, location: BodyLocation): MessagePiece[] {
  const content = message['content'];
  if (!Array.isArray(content) || !hasContentBreakpoint(message)) return [{ wire: message, cacheControl: undefined, firstPart: 0 }];
  const pieces: MessagePiece[] = [];
  let parts: unknown[] = [];
  let firstPart = 0;
  const close = (cacheControl: CacheControl | undefined, next: number) => {
    pieces.push({ wire: pieces.length === 0 ? { ...message, content: parts } : { content: parts }, cacheControl, firstPart });
    parts = [];
    firstPart = next;
  };
  content.forEach((part: unknown, index) => {
    if (!isJsonObject(part)) return void parts.push(part);
    const split = splitPromptBreakpoint(part, location.at('content').at(index));
    parts.push(split.wire);
    if (split.cacheControl) close(split.cacheControl, index + 1);
  });
  if (parts.length > 0) close(undefined, content.length);
  return pieces;
}

/** `prompt_cache_options` as sent: its `mode` (default `implicit`) and request-wide `ttl`, when given. */
// "The minimum lifetime applied to every implicit and explicit cache breakpoint ... `30m` (the default)" (SDK 7.59.0).
// Every mark names its TTL, so an entry's lifetime never falls back to another provider's default.
const DEFAULT_TTL = '30m';

function promptCacheOptions(body: JsonObject, location: BodyLocation): { mode: PromptCacheMode; ttl: string } {
  const raw = body['prompt_cache_options'];
  if (raw === undefined || raw === null) return { mode: 'implicit', ttl: DEFAULT_TTL };
  const at = location.at('prompt_cache_options');
  const options = at.object(raw);
  const mode = options['mode'] === undefined ? 'implicit' : at.at('mode').string(options['mode']);
  if (mode !== 'implicit' && mode !== 'explicit') throw at.at('mode').error(`is '${mode}', not a prompt cache mode ('implicit' or 'explicit')`);
  return { mode, ttl: options['ttl'] === undefined ? DEFAULT_TTL : ttlOf(options['ttl'], at.at('ttl')) };
}

/** A part that may carry a breakpoint: a system part, tool or message of `RequestParts`. */
interface Marked {
  readonly meta?: SegmentMeta;
}

function withBreakpoint<T extends Marked>(part: T, cacheControl: CacheControl | undefined): T {
  const { meta: _meta, ...bare } = part;
  const { cacheControl: _old, ...rest } = part.meta ?? {};
  const meta: SegmentMeta = cacheControl ? { ...rest, cacheControl } : rest;
  return (Object.keys(meta).length === 0 ? bare : { ...bare, meta }) as T;
}

/**
 * The breakpoints an OpenAI request writes, on the parts in prompt order (`head` then `messages`),
 * for the models that cache at breakpoints (`cachesAtBreakpoints`; earlier models' parts are given
 * back as they are). In `implicit` mode (the default) "OpenAI creates one implicit breakpoint and
 * writes up to the latest three explicit breakpoints"; in `explicit` mode it "writes up to the latest
 * four explicit breakpoints" (SDK 7.59.0, `PromptCacheOptions.mode`). The implicit one goes on the
 * newest user or tool message (`isUserOrTool`): "By default, the service places an implicit
 * breakpoint at the latest user or tool message" (the guide). Explicit breakpoints the API does not
 * write are taken off; each written one carries the request's `prompt_cache_options.ttl` (`30m`
 * when it names none) unless it names its own.
 */
export function markOpenAIBreakpoints<H extends Marked, M extends Marked>(
  body: JsonObject,
  location: BodyLocation,
  head: readonly H[],
  messages: readonly M[],
  isUserOrTool: (message: M) => boolean,
): { head: H[]; messages: M[] } {
  if (typeof body['model'] !== 'string' || !cachesAtBreakpoints(body['model'])) return { head: [...head], messages: [...messages] };
  const { mode, ttl } = promptCacheOptions(body, location);
  const all: Marked[] = [...head, ...messages];
  const explicit = all.flatMap((part, index) => (part.meta?.cacheControl ? [index] : []));
  const written = new Set(writtenBreakpoints(explicit, mode));
  let implicit = -1;
  if (mode === 'implicit') for (let index = messages.length - 1; index >= 0 && implicit < 0; index--) if (isUserOrTool(messages[index]!)) implicit = head.length + index;
  const marked = all.map((part, index) => {
    const own = written.has(index) ? part.meta!.cacheControl! : index === implicit ? { type: 'implicit' } : undefined;
    if (own === undefined) return part.meta?.cacheControl ? withBreakpoint(part, undefined) : part;
    const cacheControl = own.ttl === undefined ? { ...own, ttl } : own;
    return cacheControl === part.meta?.cacheControl ? part : withBreakpoint(part, cacheControl);
  });
  return { head: marked.slice(0, head.length) as H[], messages: marked.slice(head.length) as M[] };
}
