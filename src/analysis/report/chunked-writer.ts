/** Pieces are gathered to about this size before each write, so a long report makes few write calls. */
const CHUNK = 1 << 16;

/** A sink for a streamed report: `emit` a piece, `flush` what is left at the end. */
export interface ChunkedWriter {
  emit(text: string): void;
  flush(): void;
}

/**
 * Gathers the small pieces a streamed report is written in into chunks of about 64 KiB, so a report
 * that outgrows the largest string V8 can build is never held whole, and one that fits is written in
 * few calls.
 */
export function chunkedWriter(write: (chunk: string) => void): ChunkedWriter {
  let buffer = '';
  return {
    emit(text) {
      buffer += text;
      if (buffer.length >= CHUNK) {
        write(buffer);
        buffer = '';
      }
    },
    flush() {
      if (buffer !== '') write(buffer);
      buffer = '';
    },
  };
}
