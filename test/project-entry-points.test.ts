import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 2, "The project": what a user of a fresh checkout depends on — the README's two commands,
// CI running exactly the README's test command, and the typed subpath exports and bin.
const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const manifest = JSON.parse(read('package.json')) as {
  name: string;
  type: string;
  bin: Record<string, string>;
  scripts: Record<string, string>;
  exports: Record<string, { types: string; source: string; default: string } | string>;
};

/** The commands of the README's first shell block, comments stripped. */
function readmeCommands(): string[] {
  const block = /```sh\n([\s\S]*?)```/.exec(read('README.md'));
  if (!block) throw new Error('README.md has no ```sh block');
  return block[1]!
    .split('\n')
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter((line) => line !== '');
}

describe('the project entry points', () => {
  it('the README opens with two commands: one runs the demo on the bundled data, one runs the tests', () => {
    const readme = read('README.md');
    // The commands come before any other section of the README.
    expect(readme.indexOf('```sh')).toBeLessThan(readme.indexOf('\n## ', readme.indexOf('\n## ') + 1));
    expect(readmeCommands()).toEqual(['npm ci && npm start', 'npm test']);
    expect(manifest.scripts['start']).toMatch(/\bdemo$/);
    expect(manifest.scripts['start']).toContain(manifest.bin['kvprefix']!.replace(/^\.\//, ''));
    expect(manifest.scripts['test']).toMatch(/vitest run/);
  });

  it('.ci/run requires the corpus, installs from the lockfile and runs exactly the README\'s test command', () => {
    const lines = read('.ci/run').split('\n');
    expect(lines).toContain('export KVPREFIX_REQUIRE_CORPUS=1');
    const commands = lines.filter((line) => line.trim() !== '' && !line.trim().startsWith('#') && !/^(set|cd|export) /.test(line));
    expect(commands.find((line) => line.startsWith('npm '))).toMatch(/^npm ci\b/);
    expect(commands.at(-1)).toBe(readmeCommands().at(-1));
    const lock = JSON.parse(read('package-lock.json')) as { name: string; lockfileVersion: number; packages: Record<string, { name?: string }> };
    expect(lock.name).toBe('kvprefix');
    expect(lock.lockfileVersion).toBeGreaterThanOrEqual(2);
  });

  it('is an ESM package named kvprefix with a kvprefix bin built from src/cli/bin.ts', () => {
    expect(manifest).toMatchObject({ name: 'kvprefix', type: 'module' });
    expect(manifest.bin).toEqual({ kvprefix: './dist/cli/bin.js' });
    expect(existsSync(path.join(root, 'src/cli/bin.ts'))).toBe(true);
    expect(read('src/cli/bin.ts').startsWith('#!/usr/bin/env node\n')).toBe(true);
  });

  it.each([
    ['.', 'comparePrefix'],
    ['./prefix', 'comparePrefix'],
    ['./providers', 'completedTurnPrefix'],
    ['./analysis', 'readRequestBody'],
    ['./watch', 'watchFetch'],
    ['./testing', 'ScriptedModel'],
  ])('exports %s with types and a source entry that loads, mapped to the dist paths tsconfig.build.json writes (the packed-tarball test checks the files)', async (subpath, exported) => {
    const entry = manifest.exports[subpath] as { types: string; source: string; default: string } | undefined;
    expect(entry, `package.json exports has no ${subpath}`).toBeDefined();
    const source = entry!.source.replace(/^\.\//, '');
    expect(source).toMatch(/^src\/.*index\.ts$/);
    // The build maps src/<x>.ts to dist/<x>.js and dist/<x>.d.ts (tsconfig.build.json: rootDir src, outDir dist).
    expect(entry!.default).toBe(`./${source.replace(/^src\//, 'dist/').replace(/\.ts$/, '.js')}`);
    expect(entry!.types).toBe(`./${source.replace(/^src\//, 'dist/').replace(/\.ts$/, '.d.ts')}`);
    const module = (await import(path.join(root, source))) as Record<string, unknown>;
    expect(typeof module[exported]).toBe('function');
  });
});
