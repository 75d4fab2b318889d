/** Where a command writes. Tests pass buffers; `bin.ts` passes the process streams. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Directory relative paths are resolved against. */
  readonly cwd: string;
}

/** An `io` that collects output in memory, for tests and for embedding the CLI. */
export function bufferedIo(cwd: string = process.cwd()): CliIo & { readonly out: string[]; readonly err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, cwd, stdout: (text) => void out.push(text), stderr: (text) => void err.push(text) };
}
