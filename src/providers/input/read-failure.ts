import { InputError } from '../../prefix/errors.js';

/**
 * Why a file could not be read, in the same plain words for every reader (`diff`, `seed`, the
 * library): `no such file`, not `ENOENT: no such file or directory, open '/abs/path'`.
 */
export function describeReadFailure(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EISDIR') return 'is a directory, not a file';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'ENOTDIR') return 'a folder in the path is a file';
  return error instanceof Error ? error.message : String(error);
}

/** The InputError every reader throws for a file it cannot open or read (code `input/unreadable-file`). */
export function unreadableFile(source: string, error: unknown): InputError {
  return new InputError('input/unreadable-file', `cannot read: ${describeReadFailure(error)}`, { source }, { cause: error });
}
