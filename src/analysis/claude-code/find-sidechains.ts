import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { inputLimit, type InputLimit, type InputOptions } from '../../providers/input/input-chunks.js';
import { readLogLines } from '../../providers/session/log-lines.js';
import { COMPRESSED, scanLeadingLines } from '../../providers/session/leading-lines.js';

/** What the first conversation entry (`user` or `assistant` with a `sessionId`) says about a transcript. */
export interface TranscriptHead {
  readonly sessionId: string;
  /** Whether that entry is a subagent's (`isSidechain: true`). */
  readonly isSidechain: boolean;
  /** Milliseconds (epoch) of that entry's `timestamp`, when it has one: when the transcript started. */
  readonly start?: number;
}

/**
 * The head a line gives: its `sessionId`, sidechain flag and start, when it is a conversation entry.
 * Lines before it (`permission-mode`, `attachment`, `file-history-snapshot`, `summary`, a line that
 * does not parse) are passed over: the first of them with a `sessionId` need not say `isSidechain`.
 */
function headOfLine(text: string): TranscriptHead | undefined {
  if (text.trim() === '') return undefined;
  let value: { type?: unknown; sessionId?: unknown; isSidechain?: unknown; timestamp?: unknown } | null;
  try {
    value = JSON.parse(text) as typeof value;
  } catch {
    return undefined;
  }
  if (typeof value?.sessionId !== 'string' || (value.type !== 'user' && value.type !== 'assistant')) return undefined;
  const start = typeof value.timestamp === 'string' ? Date.parse(value.timestamp) : NaN;
  return { sessionId: value.sessionId, isSidechain: value.isSidechain === true, ...(Number.isNaN(start) ? {} : { start }) };
}

/**
 * The first conversation entry of a transcript (lines before it are passed over), or undefined for
 * a file with none. Reads no further than that
 * line: a plain file synchronously, a block at a time; a compressed one through the line reader,
 * which closes the file on the way out.
 */
export async function transcriptHead(file: string, input: InputOptions = {}): Promise<TranscriptHead | undefined> {
  try {
    const found = scanLeadingLines(file, headOfLine, inputLimit(input).maxInputBytes);
    if (found !== COMPRESSED) return found;
    // Leaving the loop returns the line reader, which closes the file: one descriptor, briefly.
    for await (const { text } of readLogLines(file, input)) {
      const head = headOfLine(text);
      if (head !== undefined) return head;
    }
  } catch {
    // Unreadable, oversized or not JSON: not a sidechain of anything (a walk reports it on its own).
  }
  return undefined;
}

/** The regular files in `directory` (a FIFO or device named `*.jsonl` would block or never end). */
async function filesIn(directory: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(directory);
  } catch {
    return [];
  }
  const files: string[] = [];
  for (const name of names.sort()) {
    const info = await stat(path.join(directory, name)).catch(() => undefined);
    if (info?.isFile()) files.push(name);
  }
  return files;
}

/**
 * What is known about a project folder's `agent-*.jsonl` files: each file's first `sessionId`, read
 * once per run however many main transcripts ask. Without it, every main transcript of a folder
 * re-read every agent file of the folder (180 sessions × 40 agents).
 */
export class SidechainIndex {
  readonly #input: InputOptions;
  readonly #byDirectory = new Map<string, Promise<Map<string, string | undefined>>>();

  constructor(input: InputLimit = {}) {
    this.#input = inputLimit(input);
  }

  /** The agent files directly in `directory`, each with its first `sessionId`. */
  agents(directory: string): Promise<Map<string, string | undefined>> {
    let found = this.#byDirectory.get(directory);
    if (!found) {
      found = this.#read(directory);
      this.#byDirectory.set(directory, found);
    }
    return found;
  }

  async #read(directory: string): Promise<Map<string, string | undefined>> {
    const agents = new Map<string, string | undefined>();
    // One file at a time: open descriptors stay at one, whatever the folder holds.
    for (const name of await filesIn(directory)) {
      if (!name.startsWith('agent-') || !name.endsWith('.jsonl')) continue;
      const file = path.join(directory, name);
      agents.set(file, (await transcriptHead(file, this.#input))?.sessionId);
    }
    return agents;
  }
}

/**
 * The sidechain transcripts (subagents) of a main transcript. Claude Code 2.1 writes them to
 * `<session>/subagents/agent-<id>.jsonl` beside the main file; 2.0 wrote `agent-<id>.jsonl` into the
 * project folder itself, marked with the parent's `sessionId`. Sorted by path. Pass one `index` for
 * a whole run so each agent file is read once.
 */
export async function findSidechainFiles(mainFile: string, sessionId: string, index: SidechainIndex = new SidechainIndex()): Promise<string[]> {
  const directory = path.dirname(mainFile);
  const found: string[] = [];
  const nested = path.join(directory, path.basename(mainFile, '.jsonl'), 'subagents');
  for (const name of await filesIn(nested)) if (name.endsWith('.jsonl')) found.push(path.join(nested, name));
  for (const [file, id] of await index.agents(directory)) {
    if (id === sessionId && path.resolve(file) !== path.resolve(mainFile)) found.push(file);
  }
  return found.sort();
}
