import type { JsonObject } from '../wire/body-fields.js';
import type { WireFormat } from '../bodies/wire-format.js';

/** The API paths the watch reads, each with the body formats that may be sent there. */
const WATCHED_PATHS: readonly (readonly [RegExp, readonly WireFormat[]])[] = [
  [/\/chat\/completions\/?$/, ['openai-chat', 'deepseek-chat']],
  [/\/responses\/?$/, ['openai-responses']],
  [/\/messages\/?$/, ['anthropic-messages']],
];

/** A request the watch reads: where it goes, the body's text, and the formats its path allows. */
export interface WatchedBody {
  readonly url: string;
  readonly text: string;
  readonly formats: readonly WireFormat[];
}

function urlOf(input: string | URL | Request): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url.replace(/[?#].*$/, '');
  }
}

/**
 * The path of each URL, parsed once for a run of requests to the same URL (a host posts to one
 * endpoint again and again, and parsing a URL costs more than the rest of deciding what to watch).
 */
export class UrlPaths {
  #url: string | undefined;
  #path = '';

  of(url: string): string {
    if (url !== this.#url) {
      this.#path = pathOf(url);
      this.#url = url;
    }
    return this.#path;
  }
}

/** The body as text when it is text or bytes; undefined for a stream, form or blob (never read: reading would consume it). */
function textOf(body: unknown): string | undefined {
  if (typeof body === 'string') return body;
  if (body instanceof Uint8Array) return new TextDecoder().decode(body);
  if (body instanceof ArrayBuffer) return new TextDecoder().decode(new Uint8Array(body));
  return undefined;
}

/**
 * The request as the watch reads it, or undefined when it is not one to watch: not a POST to a
 * chat completions, Responses or messages path, or a body that is not text opening an object.
 * Nothing here throws for a foreign request: anything else passes by. A `Request` object's body is
 * read from a clone, so the original is sent untouched.
 */
export async function watchedBody(input: string | URL | Request, init: RequestInit | undefined, paths = new UrlPaths()): Promise<WatchedBody | undefined> {
  const url = urlOf(input);
  const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
  if (method !== 'POST') return undefined;
  const path = paths.of(url);
  const formats = WATCHED_PATHS.find(([pattern]) => pattern.test(path))?.[1];
  if (!formats) return undefined;
  const text = init?.body !== undefined && init.body !== null ? textOf(init.body) : input instanceof Request && input.body !== null ? await input.clone().text() : undefined;
  if (text === undefined || !text.trimStart().startsWith('{')) return undefined;
  return { url, text, formats };
}

/** True when a parsed body is one the watch reads: a `model` and `messages` or `input` (anything else passes by). */
export function isWatchedJson(json: JsonObject): boolean {
  return typeof json['model'] === 'string' && (Array.isArray(json['messages']) || 'input' in json);
}
