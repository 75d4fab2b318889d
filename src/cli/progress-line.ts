import { oneLine } from '../analysis/text/terminal-text.js';
import type { CliIo } from './io.js';

/** How long a run goes quiet before progress is worth a line: a quick run should leave stderr alone. */
export const PROGRESS_AFTER_MS = 1000;

/** A progress line and how to clear it. */
export interface ProgressLine {
  update(done: number, total: number, file: string, requests: number): void;
  clear(): void;
}

/**
 * A progress line on stderr that rewrites itself (files done of all, requests done, the file just
 * read) and is cleared when done: only on a terminal, and only once the run has taken a second.
 */
export function progressLine(io: CliIo, label: string, now: () => number = Date.now): ProgressLine {
  const started = now();
  let shown = false;
  return {
    update(done, total, file, requests) {
      if (!io.progress || now() - started < PROGRESS_AFTER_MS) return;
      shown = true;
      // The file name is input: its control characters are shown, never sent to the terminal.
      io.stderr(`\r\u001b[2K${label}: ${done}/${total} files, ${requests} requests done; ${oneLine(file)}`.slice(0, 200));
    },
    clear() {
      if (shown) io.stderr('\r\u001b[2K');
    },
  };
}
