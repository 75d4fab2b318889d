import { open } from 'node:fs/promises';

/** What a transcript says about itself near its start: the working directory and a title. */
export interface SessionLabel {
  /** The `cwd` of the first entry that has one (the project's real path). */
  readonly cwd: string | null;
  /** A `custom-title` (set by the user) or else the last `summary` line Claude Code wrote (null when none). */
  readonly title: string | null;
}

/** Claude Code writes summaries and titles at the start of a transcript; this much holds them in every corpus file. */
const HEAD_BYTES = 64 * 1024;

/**
 * Whether a line can hold what a label reads: a `cwd` (while none is known), a summary or a custom
 * title. Parsing every line of the head cost more than the rest of the label; a key or type spelled
 * with escapes (`\u0063wd`) is parsed too.
 */
function mayLabel(line: string, wantCwd: boolean): boolean {
  return (wantCwd && line.includes('"cwd"')) || line.includes('summary') || line.includes('custom-title') || line.includes('\\u');
}

/**
 * The label of a transcript from its lines in order, as they are read: only the lines wholly inside
 * its first 64 KiB count, so a reader that reads the whole transcript anyway (the replay) gets the
 * label `readSessionLabel` gives without opening the file again.
 */
export class SessionLabelLines {
  #bytes = 0;
  #cwd: string | null = null;
  #summary: string | null = null;
  #custom: string | null = null;

  /** True while lines still start inside the head (later lines are not looked at). */
  get reading(): boolean {
    return this.#bytes < HEAD_BYTES;
  }

  /** One line (without its line break); `value` is the line parsed, when the caller has parsed it already. */
  see(line: string, value?: unknown): void {
    if (!this.reading) return;
    const end = this.#bytes + Buffer.byteLength(line, 'utf8');
    this.#bytes = end + 1;
    if (end > HEAD_BYTES || !line.startsWith('{')) return;
    if (value === undefined) {
      if (!mayLabel(line, this.#cwd === null)) return;
      try {
        value = JSON.parse(line);
      } catch {
        return;
      }
    }
    if (typeof value !== 'object' || value === null) return;
    const fields = value as Record<string, unknown>;
    if (this.#cwd === null && typeof fields['cwd'] === 'string') this.#cwd = fields['cwd'];
    if (fields['type'] === 'summary' && typeof fields['summary'] === 'string') this.#summary = fields['summary'];
    if (fields['type'] === 'custom-title' && typeof fields['customTitle'] === 'string') this.#custom = fields['customTitle'];
  }

  get label(): SessionLabel {
    return { cwd: this.#cwd, title: this.#custom ?? this.#summary };
  }
}

/**
 * Reads only the first 64 KiB of a transcript: summaries sit at its top and the first entries carry
 * the working directory, so a label never costs a second pass over a large file. A line cut by the
 * limit, or any line that is not JSON, is passed over (the replay reports broken lines).
 */
export async function readSessionLabel(file: string): Promise<SessionLabel> {
  const handle = await open(file, 'r');
  let text: string;
  try {
    const buffer = Buffer.allocUnsafe(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    text = buffer.subarray(0, bytesRead).toString('utf8');
  } finally {
    await handle.close();
  }
  const lines = new SessionLabelLines();
  for (const line of text.split('\n')) lines.see(line);
  return lines.label;
}
