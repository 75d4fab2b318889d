import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { bufferedIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/main.js';

/**
 * A temporary working folder for one test file's `kvprefix simulate` runs, made before its tests and
 * removed after them, and a runner that returns the exit code and both streams.
 */
export function simulateCliFolder(prefix: string) {
  let directory = '';
  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), prefix));
  });
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });
  return {
    folder: () => directory,
    async run(...argv: string[]) {
      const io = bufferedIo(directory);
      const code = await runCli(['simulate', ...argv], io);
      return { code, out: io.out.join(''), err: io.err.join('') };
    },
  };
}
