import { readLogLines } from '../../providers/session/log-lines.js';
import type { InputOptions } from '../../providers/input/input-chunks.js';

/** What names a Codex session in reports: its working directory and the first message the user typed. */
export interface RolloutLabel {
  readonly cwd: string | null;
  readonly title: string | null;
}

/** A title from a message: its first non-empty line, cut to 80 characters. */
export function titleOf(message: string): string | null {
  const line = message.split('\n').map((text) => text.trim()).find((text) => text !== '');
  if (line === undefined) return null;
  return line.length <= 80 ? line : `${line.slice(0, 79)}…`;
}

/**
 * The label of a rollout: `session_meta.cwd`, and the first `user_message` event (what the user
 * typed, not the instructions Codex sends as user items). Reads up to that event and stops; a line
 * that is not JSON ends the search (the replay reports it).
 */
export async function readRolloutLabel(file: string, options: Pick<InputOptions, 'maxInputBytes'> = {}): Promise<RolloutLabel> {
  let cwd: string | null = null;
  for await (const { text } of readLogLines(file, options)) {
    // Only the lines that can hold either are parsed: a rollout's tool outputs are most of its bytes.
    const meta = text.includes('"session_meta"');
    if (!meta && !text.includes('"user_message"')) continue;
    let value: { type?: unknown; payload?: { cwd?: unknown; type?: unknown; message?: unknown } };
    try {
      value = JSON.parse(text) as typeof value;
    } catch {
      break;
    }
    if (value.type === 'session_meta' && typeof value.payload?.cwd === 'string') cwd ??= value.payload.cwd;
    if (value.type === 'event_msg' && value.payload?.type === 'user_message' && typeof value.payload.message === 'string') return { cwd, title: titleOf(value.payload.message) };
  }
  return { cwd, title: null };
}
