import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 19 §4: each entry point exports what users call, listed once; plumbing is internal (tests
// import it by path). The limits are what a user can learn, not what the code happens to hold.
const root = path.resolve(import.meta.dirname, '..');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { exports: Record<string, { source: string } | string> };
// './analysis' also builds each policy with its options (`createAnthropicPolicy`, …: the README tells
// users to), answers a model's published price, and reads Codex rollouts (`analyzeCodexRollouts`).
const LIMITS: Record<string, number> = { './providers': 60, './analysis': 67 };
const PACKAGE_LIMIT = 150;

/** The runtime values of each entry point, loaded from the source its `exports` entry names. */
async function entryValues(): Promise<Map<string, Map<string, unknown>>> {
  const entries = new Map<string, Map<string, unknown>>();
  for (const [subpath, entry] of Object.entries(manifest.exports)) {
    if (typeof entry === 'string') continue;
    const module = (await import(path.join(root, entry.source))) as Record<string, unknown>;
    entries.set(subpath, new Map(Object.entries(module)));
  }
  return entries;
}

/** `import { a, b } from 'kvprefix/x'` in the README's code blocks: what its examples call. */
function readmeImports(): { subpath: string; name: string }[] {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
  return [...readme.matchAll(/import \{([^}]+)\} from '(kvprefix(?:\/[a-z]+)?)'/g)].flatMap(([, names, specifier]) =>
    names!
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name !== '' && !name.startsWith('type '))
      .map((name) => ({ subpath: specifier === 'kvprefix' ? '.' : `./${specifier!.slice('kvprefix/'.length)}`, name })),
  );
}

describe('the public API is small enough to learn', () => {
  it.each(Object.entries(LIMITS))('%s exports at most %i runtime values', async (subpath, limit) => {
    const values = (await entryValues()).get(subpath)!;
    expect(values.size).toBeGreaterThan(10);
    expect(values.size).toBeLessThanOrEqual(limit);
  });

  it(`the whole package exports at most ${PACKAGE_LIMIT} runtime values, each entry's names counted once`, async () => {
    const distinct = new Set<unknown>();
    for (const values of (await entryValues()).values()) for (const value of values.values()) distinct.add(value);
    expect(distinct.size).toBeLessThanOrEqual(PACKAGE_LIMIT);
  });

  it('exports every function the README\'s library examples import', async () => {
    const entries = await entryValues();
    const imports = readmeImports();
    expect(imports.length).toBeGreaterThan(10);
    expect(imports.filter(({ subpath, name }) => !entries.get(subpath)?.has(name)).map(({ subpath, name }) => `${name} from ${subpath}`)).toEqual([]);
  });

  it('no runtime value is exported under one name by two entry points with different meanings', async () => {
    const byName = new Map<string, unknown>();
    const clashes: string[] = [];
    for (const [subpath, values] of await entryValues()) {
      for (const [name, value] of values) {
        if (byName.has(name) && byName.get(name) !== value) clashes.push(`${name} (${subpath})`);
        byName.set(name, value);
      }
    }
    expect(clashes).toEqual([]);
  });
});
