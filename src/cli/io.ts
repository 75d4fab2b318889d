/** Where a command writes. Tests pass buffers; `bin.ts` passes the process streams. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Directory relative paths are resolved against. */
  readonly cwd: string;
  /** What `--color auto` means here: true when stdout is a terminal that takes colour (never for a pipe, a file, or with NO_COLOR set), or FORCE_COLOR asks for it. */
  readonly colour?: boolean;
  /** True when stderr is a terminal: progress lines go there, and only then. */
  readonly progress?: boolean;
  /** What the file name `-` reads (the process's standard input when absent). */
  readonly stdin?: AsyncIterable<Uint8Array>;
}

/** Bytes as a one-chunk stream, the shape standard input has. */
async function* chunksOf(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  yield bytes;
}

/** An `io` that collects output in memory, for tests and for embedding the CLI; `terminal` says what a terminal would. */
export function bufferedIo(
  cwd: string = process.cwd(),
  stdin?: string | Uint8Array,
  terminal: { readonly colour?: boolean; readonly progress?: boolean } = {},
): CliIo & { readonly out: string[]; readonly err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  const input = stdin === undefined ? {} : { stdin: chunksOf(typeof stdin === 'string' ? Buffer.from(stdin) : stdin) };
  return { out, err, cwd, ...terminal, ...input, stdout: (text) => void out.push(text), stderr: (text) => void err.push(text) };
}
