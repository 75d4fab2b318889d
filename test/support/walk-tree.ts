import { spawnSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** A DSH log with one header and no requests: read in a moment, and known by its id in the result. */
export function goodLog(id: string): string {
  return `${JSON.stringify({ type: 'session', version: 0, id, createdAt: 1, delegationDepth: 0 })}\n`;
}

/** A DSH log whose second line is broken JSON: a reader fails on line 2. */
export function brokenLog(id: string): string {
  return `${goodLog(id)}{"type":"turn/start",\n`;
}

/** Makes a FIFO (`mkfifo`), the file kind that blocks a reader forever. */
export function makeFifo(file: string): void {
  const made = spawnSync('mkfifo', [file]);
  if (made.status !== 0) throw new Error(`mkfifo failed: ${made.stderr}`);
}

/** A file whose name holds a byte that is not UTF-8 (0xFF), created through a Buffer path. */
export function writeNonUtf8Name(directory: string, stem: string, text: string): void {
  writeFileSync(Buffer.concat([Buffer.from(`${directory}/${stem}-`), Buffer.from([0xff]), Buffer.from('.jsonl')]), text);
}

/** Folders nested until the path passes PATH_MAX (4,096 bytes on Linux), with a log at the bottom; made by relative steps. */
export function makeDeepFolder(directory: string, id: string): void {
  const step = 'd'.repeat(200);
  const script = `cd "$1" && for i in $(seq 1 25); do mkdir ${step} && cd ${step}; done && printf '%s' "$2" > deep.jsonl`;
  const made = spawnSync('bash', ['-c', script, 'bash', directory, goodLog(id)]);
  if (made.status !== 0) throw new Error(`deep folder: ${made.stderr}`);
}

export { mkdirSync, path, symlinkSync, writeFileSync };
