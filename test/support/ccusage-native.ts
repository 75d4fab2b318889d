import { accessSync, chmodSync, constants, existsSync } from 'node:fs';
import path from 'node:path';

/**
 * ccusage 20.0.24's native binary (the `@ccusage/ccusage-linux-x64` devDependency), ready to run.
 * npm unpacks it without its execute bit; ccusage's own npm wrapper sets that bit before its first
 * run, and so does this (the wrapper is not installed: it names platform packages the registry lacks).
 */
export function ccusageNative(): string {
  const binary = path.resolve(import.meta.dirname, '../../node_modules/@ccusage/ccusage-linux-x64/bin/ccusage');
  if (!existsSync(binary)) return binary; // the tests that need it skip, naming it
  try {
    accessSync(binary, constants.X_OK);
  } catch {
    chmodSync(binary, 0o755);
  }
  return binary;
}
