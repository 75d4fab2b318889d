import { describeWriteFailure } from '../providers/input/write-failure.js';

/**
 * Ends the process plainly when standard output cannot be written: a full disk (`> /dev/full`,
 * ENOSPC) or a closed device exits 3 with one line on stderr instead of Node's unhandled 'error'
 * event and its stack trace; a reader that closed the pipe (`| head`, EPIPE) has all it wanted, so
 * the run ends quietly with 0. Writes to a file or pipe fail after the command has returned, so this
 * is a listener on the stream, not a catch around the command.
 */
export function exitOnOutputError(stream: NodeJS.WriteStream, stderr: (text: string) => void, exit: (code: number) => void): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') return exit(0);
    stderr(`kvprefix: cannot write the output: ${describeWriteFailure('standard output', error)}\n`);
    exit(3);
  });
}
