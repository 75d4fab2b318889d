import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Issue 7 §4, what a package user gets: `npm pack` (which builds through `prepack`), the tarball
// installed into an empty ESM project the way a user installs it, and every entry point imported
// there by plain Node. Slow (a build and an install), so one install serves every check.
const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  version: string;
  types: string;
  exports: Record<string, { types: string; source: string; default: string } | string>;
};
const ENTRY_POINTS = [
  ['kvprefix', 'comparePrefix'],
  ['kvprefix/prefix', 'comparePrefix'],
  ['kvprefix/providers', 'completedTurnPrefix'],
  ['kvprefix/analysis', 'readRequestBody'],
  ['kvprefix/watch', 'watchFetch'],
  ['kvprefix/testing', 'ScriptedModel'],
] as const;

let folder: string;
let project: string;
let installed: string;
let installLog: string;

/** Runs `node` in the user's project: an ES module given as text, its stdout returned. */
async function nodeIn(code: string, flags: string[] = []): Promise<string> {
  const { stdout } = await run(process.execPath, [...flags, '--input-type=module', '-e', code], { cwd: project });
  return stdout;
}

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'kvprefix-pack-'));
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', folder], { cwd: root, maxBuffer: 1 << 24 });
  const [packed] = JSON.parse(stdout) as { filename: string }[];
  project = path.join(folder, 'user-project');
  rmSync(project, { recursive: true, force: true });
  await run('mkdir', ['-p', project]);
  writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'user-project', private: true, type: 'module' }));
  const install = await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', path.join(folder, packed!.filename)], { cwd: project });
  installLog = `${install.stdout}${install.stderr}`;
  installed = path.join(project, 'node_modules/kvprefix');
}, 600_000);

afterAll(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('the packed tarball, installed into an empty project', () => {
  it('installs without running or warning about a build script', () => {
    expect(installLog).not.toMatch(/install-scripts|prepare|npm warn/i);
    expect(existsSync(path.join(installed, 'package.json'))).toBe(true);
  });

  it.each(ENTRY_POINTS)('%s imports in plain Node and exports %s', async (specifier, name) => {
    expect(await nodeIn(`const m = await import('${specifier}'); console.log(typeof m.${name});`)).toBe('function\n');
  });

  it('ships every file its exports name: the dist file the build wrote, its types, and the source condition\'s .ts', () => {
    const files: string[] = [manifest.types];
    for (const entry of Object.values(manifest.exports)) files.push(...(typeof entry === 'string' ? [entry] : [entry.default, entry.types, entry.source]));
    const missing = files.filter((file) => !existsSync(path.join(installed, file)));
    expect(missing).toEqual([]);
    expect(files.length).toBe(1 + 6 * 3 + 1);
  });

  it.each(ENTRY_POINTS)('%s loads through require() on Node 20 with --experimental-require-module (no top-level await)', async (specifier, name) => {
    const { stdout } = await run(process.execPath, ['--experimental-require-module', '--no-warnings', '-e', `console.log(typeof require('${specifier}').${name})`], { cwd: project });
    expect(stdout).toBe('function\n');
  });

  it('resolves the source condition to the shipped .ts files (for TypeScript-aware tools)', async () => {
    const resolved = await nodeIn("console.log(import.meta.resolve('kvprefix/providers'));", ['--conditions=source']);
    expect(resolved.trim()).toMatch(/node_modules\/kvprefix\/src\/providers\/index\.ts$/);
  });

  it('exports ./package.json, and names top-level types for tools that ignore exports', async () => {
    expect(await nodeIn("const { default: p } = await import('kvprefix/package.json', { with: { type: 'json' } }); console.log(p.name, p.version);")).toBe(`kvprefix ${manifest.version}\n`);
    expect(manifest.types).toBe('./dist/index.d.ts');
  });

  it('ships the MIT LICENSE its package.json names, and names no repository (the project has no public one yet)', () => {
    const installedManifest = JSON.parse(readFileSync(path.join(installed, 'package.json'), 'utf8')) as { license: string; repository?: { type: string; url: string } };
    expect(installedManifest.license).toBe('MIT');
    expect(readFileSync(path.join(installed, 'LICENSE'), 'utf8')).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} /);
    // An invented URL would send users to someone else's name: the field is absent until a real one exists.
    expect(installedManifest.repository).toBeUndefined();
  });

  it('its bin prints the installed version', async () => {
    const { stdout } = await run(process.execPath, [path.join(installed, 'dist/cli/bin.js'), '--version'], { cwd: project });
    expect(stdout).toBe(`kvprefix ${manifest.version}\n`);
  });

  it('runs its bin on the bundled examples', async () => {
    const { stdout } = await run(process.execPath, [path.join(installed, 'dist/cli/bin.js'), 'demo', '--json'], { cwd: project });
    expect(Object.keys(JSON.parse(stdout) as object).length).toBeGreaterThan(0);
  });
});
