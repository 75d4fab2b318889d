import { createReadStream, existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';

/** The `sessionId` on the first entry of a JSONL file that has one, or undefined. */
async function firstSessionId(file: string): Promise<string | undefined> {
  const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
  try {
    for await (const line of lines) {
      if (line.trim() === '') continue;
      try {
        const value = JSON.parse(line) as { sessionId?: unknown };
        if (typeof value.sessionId === 'string') return value.sessionId;
      } catch {
        return undefined;
      }
    }
    return undefined;
  } finally {
    lines.close();
  }
}

/**
 * The sidechain transcripts (subagents) of a main transcript. Claude Code 2.1 writes them to
 * `<session>/subagents/agent-<id>.jsonl` beside the main file; 2.0 wrote `agent-<id>.jsonl` into the
 * project folder itself, marked with the parent's `sessionId`. Sorted by path.
 */
export async function findSidechainFiles(mainFile: string, sessionId: string): Promise<string[]> {
  const directory = path.dirname(mainFile);
  const found: string[] = [];
  const nested = path.join(directory, path.basename(mainFile, '.jsonl'), 'subagents');
  if (existsSync(nested)) {
    for (const name of readdirSync(nested)) if (name.endsWith('.jsonl')) found.push(path.join(nested, name));
  }
  for (const name of readdirSync(directory)) {
    if (!name.startsWith('agent-') || !name.endsWith('.jsonl')) continue;
    const file = path.join(directory, name);
    if (path.resolve(file) !== path.resolve(mainFile) && (await firstSessionId(file)) === sessionId) found.push(file);
  }
  return found.sort();
}
