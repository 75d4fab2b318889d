import { chunkedWriter } from '../report/chunked-writer.js';
import type { SessionTreeAnalysis } from '../result/session-analysis.js';
import { treeRows, type RowContext } from './request-row.js';

/** Writes request rows as JSON Lines, tree by tree, as the replay hands them over. */
export interface RowWriter {
  /** Writes one line per request of the tree; returns how many. */
  tree(tree: SessionTreeAnalysis, context: RowContext): number;
  /** Writes what is still gathered; call once at the end. */
  flush(): void;
  /** Rows written so far. */
  readonly rows: number;
}

/**
 * A JSON Lines writer of request rows (`--format jsonl`): each row one line, gathered into chunks of
 * about 64 KiB before each `write`, so a run of millions of requests is never one string and makes
 * few write calls.
 */
export function rowWriter(write: (chunk: string) => void): RowWriter {
  const chunks = chunkedWriter(write);
  let rows = 0;
  return {
    tree(tree, context) {
      let written = 0;
      for (const row of treeRows(tree, context)) {
        chunks.emit(`${JSON.stringify(row)}\n`);
        written++;
      }
      rows += written;
      return written;
    },
    flush: () => chunks.flush(),
    get rows() {
      return rows;
    },
  };
}
