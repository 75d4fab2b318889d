import { existsSync } from 'node:fs';
import path from 'node:path';
import { InputError, type LayoutName } from '../../prefix/index.js';
import { decodeUtf8, inputLabel, readInputBytes, STDIN_NAME } from '../../providers/input/index.js';
import { BodyLocation } from '../wire/body-fields.js';
import { parseJsonText } from '../wire/parse-json-text.js';
import { lazyRequestBodies } from './recorded-exchange.js';
import { readRequestBody, type WireRequest } from './read-request-body.js';
import { parseYamlText } from '../wire/parse-yaml-text.js';
import { inputLimit, type InputLimit } from '../../providers/input/input-chunks.js';

/** Options of `readRequestFile`. */
export interface ReadRequestFileOptions extends InputLimit {
  /** Directory a relative path is resolved against (default: the process's working directory). */
  readonly cwd?: string;
  /** Wire order to render in, instead of the detected format's own. */
  readonly layout?: LayoutName;
  /** The provider whose cache the requests reach, overriding detection (`--provider`). */
  readonly provider?: string;
  /** What the file name `-` reads (default: `process.stdin`). */
  readonly stdin?: AsyncIterable<Uint8Array>;
}

/**
 * `file.yaml#2` names the second recorded request of a cassette (when no file has that literal name).
 * `file.yaml#x` of an existing `file.yaml` is a malformed pick, said as such, not a missing file.
 */
function splitSelector(file: string, cwd: string): { file: string; pick: number | undefined; malformedPick?: string } {
  const match = /^(.*)#([^#/\\]*)$/.exec(file);
  if (!match || (match[1] !== STDIN_NAME && existsSync(path.resolve(cwd, file)))) return { file, pick: undefined };
  const [, target, selector] = match as unknown as [string, string, string];
  if (/^\d+$/.test(selector)) return { file: target, pick: Number(selector) };
  if (target === STDIN_NAME || existsSync(path.resolve(cwd, target))) return { file: target, pick: undefined, malformedPick: selector };
  return { file, pick: undefined };
}

/** YAML by its name, or (for standard input, which has none) by not starting like JSON. */
function isYamlInput(name: string, text: string): boolean {
  if (name === STDIN_NAME) return !/^\uFEFF?\s*[{[]/.test(text);
  return /\.ya?ml$/i.test(name);
}

/**
 * Reads a request file: a JSON request body (OpenAI chat completions, DeepSeek chat, Anthropic
 * messages), a JSON recorded exchange `{request: …}`, or a YAML cassette of recorded exchanges
 * (`.yaml`/`.yml`, vcrpy's format as pydantic-ai records it). A file holding several recorded
 * requests needs `#N` after its name to pick the N-th (1-based).
 *
 * Throws an InputError naming the file (and line, for syntax errors) when it cannot be read, is not
 * JSON/YAML, or holds no body kvprefix reads; `-` reads standard input (JSON or YAML by its first
 * character).
 */
export async function readRequestFile(file: string, options: ReadRequestFileOptions = {}): Promise<WireRequest> {
  const cwd = options.cwd ?? process.cwd();
  const { file: target, pick, malformedPick } = splitSelector(file, cwd);
  const name = inputLabel(target);
  const bytes = await readInputBytes(target === STDIN_NAME ? target : path.resolve(cwd, target), {
    label: name,
    ...inputLimit(options),
    ...(options.stdin ? { stdin: options.stdin } : {}),
  });
  // Strict: a byte that is not UTF-8 is refused with its offset, never read as U+FFFD.
  const text = decodeUtf8(bytes, name);
  const document = isYamlInput(target, text) ? parseYamlText(text, name) : parseJsonText(text, name);
  const bodies = lazyRequestBodies(document, new BodyLocation(name));
  if (bodies.length === 0) throw new InputError('input/no-request', 'holds no recorded request', { source: name });
  if (malformedPick !== undefined) {
    throw new InputError('input/bad-pick', `'#${malformedPick}' does not pick a recorded request: use ${name}#N with N from 1 to ${bodies.length}`, { source: name });
  }
  if (pick === undefined && bodies.length > 1) {
    throw new InputError('input/ambiguous-request', `holds ${bodies.length} recorded requests: pick one with ${name}#N (N from 1 to ${bodies.length})`, { source: name });
  }
  const index = (pick ?? 1) - 1;
  const read = bodies[index];
  if (!read) throw new InputError('input/no-such-request', `has no recorded request #${pick}${pick === 0 ? ': N counts from 1' : ''} (it holds ${bodies.length})`, { source: name });
  const found = read();
  const source = pick === undefined ? name : `${name}#${pick}`;
  return readRequestBody(found.body, {
    source,
    location: found.location,
    ...(options.layout ? { layout: options.layout } : {}),
    ...(options.provider ? { provider: options.provider } : {}),
    ...(found.endpoint ? { endpoint: found.endpoint } : {}),
  });
}
