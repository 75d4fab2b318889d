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
 * Reads only the first 64 KiB of a transcript: summaries sit at its top and the first entries carry
 * the working directory, so a label never costs a second pass over a large file. A line cut by the
 * limit, or any line that is not JSON, is passed over (the replay reports broken lines).
 */
export async function readSessionLabel(file: string): Promise<SessionLabel> {
  const handle = await open(file, 'r');
  let text: string;
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    text = buffer.subarray(0, bytesRead).toString('utf8');
  } finally {
    await handle.close();
  }
  let cwd: string | null = null;
  let summary: string | null = null;
  let custom: string | null = null;
  for (const line of text.split('\n')) {
    if (!line.startsWith('{')) continue;
    let value: Record<string, unknown>;
    try {
      value = JSON.parse(line) as Record<string, unknown>;
    } catch {
      continue;
    }
    if (cwd === null && typeof value['cwd'] === 'string') cwd = value['cwd'];
    if (value['type'] === 'summary' && typeof value['summary'] === 'string') summary = value['summary'];
    if (value['type'] === 'custom-title' && typeof value['customTitle'] === 'string') custom = value['customTitle'];
  }
  return { cwd, title: custom ?? summary };
}
