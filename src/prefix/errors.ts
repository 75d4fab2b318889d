/**
 * Base class of the errors kvprefix throws for misuse or broken input. Expected outcomes (a cache
 * miss, a guard finding) are data, never errors; a fault in kvprefix itself stays a plain `Error`.
 * Each carries a stable `code` that callers and the CLI's exit-code mapping can switch on.
 */
export class KvprefixError extends Error {
  override readonly name: string;
  /** Stable machine-readable identifier, e.g. `input/malformed-json`. */
  readonly code: string;

  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
  }
}

/** Broken input: a file, line or body that cannot be read as what it claims to be. */
export class InputError extends KvprefixError {
  /** The file (or other source label) the bad input came from, when known. */
  readonly source: string | undefined;
  /** 1-based line number inside `source`, when the input is line-oriented. */
  readonly line: number | undefined;

  constructor(
    code: string,
    message: string,
    location: { source?: string | undefined; line?: number | undefined } = {},
    options?: { cause?: unknown },
  ) {
    const where = location.source === undefined ? '' : location.line === undefined ? `${location.source}: ` : `${location.source}:${location.line}: `;
    super(code, `${where}${message}`, options);
    this.source = location.source;
    this.line = location.line;
  }
}

/** A caller passed arguments the API cannot work with (wrong option value, unknown name). */
export class UsageError extends KvprefixError {}
