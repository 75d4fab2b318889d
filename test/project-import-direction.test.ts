import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// DESIGN.md: imports point one way, cli → analysis → providers → prefix; prefix imports nothing of
// ours. `testing` (the scripted model) stands beside analysis: it may use providers and prefix.
const SRC = path.resolve(import.meta.dirname, '../src');
const RANK: Record<string, number> = { prefix: 0, providers: 1, testing: 2, analysis: 2, cli: 3 };

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    return entry.isDirectory() ? sourceFiles(full) : entry.name.endsWith('.ts') ? [full] : [];
  });
}

function layerOf(file: string): string | undefined {
  const [first] = path.relative(SRC, file).split(path.sep);
  return first !== undefined && first in RANK ? first : undefined;
}

describe('import direction', () => {
  it('every relative import in src points to its own layer or a lower one (cli may import prefix directly)', () => {
    const violations: string[] = [];
    const files = sourceFiles(SRC);
    expect(files.length).toBeGreaterThan(50);
    for (const file of files) {
      const from = layerOf(file);
      if (from === undefined) continue;
      for (const match of readFileSync(file, 'utf8').matchAll(/^\s*(?:import|export)\b[^'"]*?from\s+'(\.[^']+)'/gm)) {
        const to = layerOf(path.resolve(path.dirname(file), match[1]!));
        if (to === undefined || (to !== from && RANK[to]! >= RANK[from]!)) violations.push(`${path.relative(SRC, file)} imports ${match[1]} (${from} → ${to ?? 'outside the layers'})`);
      }
    }
    expect(violations).toEqual([]);
  });
});
