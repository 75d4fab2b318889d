import { appendFile } from 'node:fs/promises';

/**
 * Appends lines to a file, one write at a time in the order given, off the request's path: a write
 * never holds up the call it records. A failed write is passed to `onError` and later lines are
 * still tried.
 */
export class RecordFile {
  readonly path: string;
  readonly #onError: (error: unknown) => void;
  #queue: Promise<void> = Promise.resolve();

  constructor(path: string, onError: (error: unknown) => void) {
    this.path = path;
    this.#onError = onError;
  }

  append(line: string): void {
    this.#queue = this.#queue.then(() => appendFile(this.path, `${line}\n`)).catch(this.#onError);
  }

  /** Resolves when every line appended so far is written (or has failed). */
  flush(): Promise<void> {
    return this.#queue;
  }
}
