/** Where a command writes. Tests pass buffers; `bin.ts` passes the process streams. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Directory relative paths are resolved against. */
  readonly cwd: string;
  /** True when stdout is a terminal that takes colour (never for a pipe, a file, or with NO_COLOR set). */
  readonly colour?: boolean;
  /** True when stderr is a terminal: progress lines go there, and only then. */
  readonly progress?: boolean;
}

/** An `io` that collects output in memory, for tests and for embedding the CLI. */
export function bufferedIo(cwd: string = process.cwd(), terminal: { readonly colour?: boolean; readonly progress?: boolean } = {}): CliIo & { readonly out: string[]; readonly err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, cwd, ...terminal, stdout: (text) => void out.push(text), stderr: (text) => void err.push(text) };
}
