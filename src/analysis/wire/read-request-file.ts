import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { InputError, type LayoutName } from '../../prefix/index.js';
import { BodyLocation } from './body-fields.js';
import { parseJsonText } from './parse-json-text.js';
import { findRequestBodies } from './recorded-exchange.js';
import { readRequestBody, type WireRequest } from './read-request-body.js';
import { parseYamlText } from './parse-yaml-text.js';

/** Options of `readRequestFile`. */
export interface ReadRequestFileOptions {
  /** Directory a relative path is resolved against (default: the process's working directory). */
  readonly cwd?: string;
  /** Wire order to render in, instead of the detected format's own. */
  readonly layout?: LayoutName;
  /** The provider whose cache the requests reach, overriding detection (`--provider`). */
  readonly provider?: string;
}

/** `file.yaml#2` names the second recorded request of a cassette (when no file has that literal name). */
function splitSelector(file: string, cwd: string): { file: string; pick: number | undefined } {
  const match = /^(.*)#(\d+)$/.exec(file);
  if (!match || existsSync(path.resolve(cwd, file))) return { file, pick: undefined };
  return { file: match[1]!, pick: Number(match[2]) };
}

function describeReadFailure(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EISDIR') return 'is a directory, not a request file';
  if (code === 'EACCES') return 'permission denied';
  return error instanceof Error ? error.message : String(error);
}

/**
 * Reads a request file: a JSON request body (OpenAI chat completions, DeepSeek chat, Anthropic
 * messages), a JSON recorded exchange `{request: …}`, or a YAML cassette of recorded exchanges
 * (`.yaml`/`.yml`, vcrpy's format as pydantic-ai records it). A file holding several recorded
 * requests needs `#N` after its name to pick the N-th (1-based).
 *
 * Throws an InputError naming the file (and line, for syntax errors) when it cannot be read, is not
 * JSON/YAML, or holds no body kvprefix reads.
 */
export async function readRequestFile(file: string, options: ReadRequestFileOptions = {}): Promise<WireRequest> {
  const cwd = options.cwd ?? process.cwd();
  const { file: name, pick } = splitSelector(file, cwd);
  let text: string;
  try {
    text = await readFile(path.resolve(cwd, name), 'utf8');
  } catch (error) {
    throw new InputError('input/unreadable-file', `cannot read: ${describeReadFailure(error)}`, { source: name }, { cause: error });
  }
  const isYaml = /\.ya?ml$/i.test(name);
  const document = isYaml ? parseYamlText(text, name) : parseJsonText(text, name);
  const bodies = findRequestBodies(document, new BodyLocation(name));
  if (bodies.length === 0) throw new InputError('input/no-request', 'holds no recorded request', { source: name });
  if (pick === undefined && bodies.length > 1) {
    throw new InputError('input/ambiguous-request', `holds ${bodies.length} recorded requests: pick one with ${name}#N (N from 1 to ${bodies.length})`, { source: name });
  }
  const index = (pick ?? 1) - 1;
  const found = bodies[index];
  if (!found) throw new InputError('input/no-such-request', `has no recorded request #${pick} (it holds ${bodies.length})`, { source: name });
  const source = pick === undefined ? name : `${name}#${pick}`;
  return readRequestBody(found.body, {
    source,
    location: found.location,
    ...(options.layout ? { layout: options.layout } : {}),
    ...(options.provider ? { provider: options.provider } : {}),
    ...(found.endpoint ? { endpoint: found.endpoint } : {}),
  });
}
