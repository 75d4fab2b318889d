import path from 'node:path';

/**
 * The one rule for DSH log names. A session tree's folder holds the root `session.jsonl` and its
 * children `session.<n>.jsonl`, each plain or zstd-compressed (`.zst` or `.zstd`, any case). A log
 * under any other name is read on its own: it has no siblings that belong to it.
 */
const TREE_LOG = /^session(?:\.(\d+))?\.jsonl(?:\.zstd?)?$/i;

/** True for `session.jsonl` and `session.<n>.jsonl` (plain or zstd): a log of a session tree's folder. */
export function isTreeLogName(file: string): boolean {
  return TREE_LOG.test(path.basename(file));
}

/** True for the root log of a tree folder, `session.jsonl` (plain or zstd). */
export function isRootLogName(file: string): boolean {
  return TREE_LOG.exec(path.basename(file))?.[1] === undefined && isTreeLogName(file);
}

/** The child number of `session.<n>.jsonl[.zst|.zstd]`, or undefined for a root log or another name. */
export function childLogNumber(logFile: string): number | undefined {
  const number = TREE_LOG.exec(path.basename(logFile))?.[1];
  return number === undefined ? undefined : Number(number);
}

/** True when a name could hold a DSH log under any name: `.jsonl`, `.jsonl.zst` or `.jsonl.zstd`. */
export function isJsonlName(file: string): boolean {
  return /\.jsonl(?:\.zstd?)?$/i.test(file);
}
