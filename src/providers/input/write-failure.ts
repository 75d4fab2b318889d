import path from 'node:path';
import { InputError } from '../../prefix/errors.js';

/**
 * Why a file could not be written, in the plain words the readers use (`describeReadFailure`):
 * `the folder out does not exist`, not `ENOENT: no such file or directory, open '/abs/out/x'`.
 * `file` is the path as the user gave it, so the folder named is the one they typed.
 */
export function describeWriteFailure(file: string, error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  // Writing creates the file, so a missing entry can only be a missing folder on the way to it.
  if (code === 'ENOENT') return `the folder ${path.dirname(file)} does not exist`;
  if (code === 'EISDIR') return 'is a directory, not a file';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'ENOTDIR') return 'a folder in the path is a file';
  if (code === 'EROFS') return 'the file system is read-only';
  if (code === 'ENOSPC') return 'no space left on the device';
  return error instanceof Error ? error.message : String(error);
}

/** The InputError a command throws for an output file it cannot write (code `output/unwritable`). */
export function unwritableFile(file: string, error: unknown): InputError {
  return new InputError('output/unwritable', `cannot write: ${describeWriteFailure(file, error)}`, { source: file }, { cause: error });
}
