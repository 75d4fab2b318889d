import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzePaths, policyByName } from '../src/analysis/index.js';
import { brokenLog, goodLog, makeFifo, writeNonUtf8Name } from './support/walk-tree.js';

// Issue 17 "done when": random trees of links, FIFOs, odd names and broken files. Whatever the
// tree, the walk ends, every regular good file with a UTF-8 name is analysed exactly once, and
// every other item is listed as skipped with a reason.
type Item =
  | { readonly kind: 'good' | 'broken' | 'fifo' | 'dangling' | 'non-utf8'; readonly folder: number; readonly name: string }
  | { readonly kind: 'link-file' | 'link-folder'; readonly folder: number; readonly name: string; readonly target: number };

const FOLDERS = ['', 'a', 'a/b'];
// Odd but legal names: spaces, a newline, ESC, non-Latin letters, a leading dash.
const nameArbitrary = fc.constantFrom('plain', 'with space', 'new\nline', 'esc\u001b[2J', 'ünï', '日本', '-dash', 'x'.repeat(120));
const itemArbitrary: fc.Arbitrary<Item> = fc.oneof(
  fc.record({ kind: fc.constantFrom('good', 'broken', 'fifo', 'dangling', 'non-utf8'), folder: fc.nat(2), name: nameArbitrary }),
  fc.record({ kind: fc.constantFrom('link-file', 'link-folder'), folder: fc.nat(2), name: nameArbitrary, target: fc.nat(20) }),
) as fc.Arbitrary<Item>;

interface Built {
  readonly root: string;
  /** Ids of the regular good files with UTF-8 names: each must be analysed exactly once. */
  readonly goodIds: string[];
  /** How many items must show up as skipped (one per broken file, FIFO, dangling link, bad name, extra link). */
  readonly mustSkip: number;
}

function build(items: readonly Item[]): Built {
  const root = mkdtempSync(path.join(tmpdir(), 'kvprefix-walk-fuzz-'));
  for (const folder of FOLDERS) mkdirSync(path.join(root, folder), { recursive: true });
  const goodIds: string[] = [];
  const goodFiles: string[] = [];
  let mustSkip = 0;
  // One anchor good file so that there is always something to analyse.
  writeFileSync(path.join(root, 'anchor.jsonl'), goodLog('anchor'));
  goodIds.push('anchor');
  goodFiles.push(path.join(root, 'anchor.jsonl'));
  items.forEach((item, index) => {
    const folder = path.join(root, FOLDERS[item.folder]!);
    const file = path.join(folder, `${index}-${item.name}.jsonl`);
    if (item.kind === 'good') {
      writeFileSync(file, goodLog(`good-${index}`));
      goodIds.push(`good-${index}`);
      goodFiles.push(file);
    } else if (item.kind === 'broken') {
      writeFileSync(file, brokenLog(`broken-${index}`));
      mustSkip++;
    } else if (item.kind === 'fifo') {
      makeFifo(file);
      mustSkip++;
    } else if (item.kind === 'dangling') {
      symlinkSync(path.join(folder, 'nothing-here'), file);
      mustSkip++;
    } else if (item.kind === 'non-utf8') {
      writeNonUtf8Name(folder, String(index), goodLog(`latin-${index}`));
      mustSkip++;
    } else if (item.kind === 'link-file' && 'target' in item) {
      symlinkSync(goodFiles[item.target % goodFiles.length]!, file);
      mustSkip++;
    } else if ('target' in item) {
      // A link to a folder of the tree: at or above itself is a loop, below it a second way in.
      symlinkSync(path.join(root, FOLDERS[item.target % FOLDERS.length]!), path.join(folder, `${index}-${item.name}`));
      mustSkip++;
    }
  });
  return { root, goodIds, mustSkip };
}

describe('walking random trees', () => {
  it('analyses every regular good file exactly once and lists every other item as skipped, whatever the links, FIFOs and names', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(itemArbitrary, { maxLength: 10 }), async (items) => {
        const built = build(items);
        try {
          const result = await analyzePaths([built.root], { policyByName });
          const analysed = result.trees.flatMap((tree) => tree.sessions.map((session) => session.id)).sort();
          expect(analysed).toEqual([...built.goodIds].sort());
          // A folder link may be met before the folder it points to; then the real folder is the
          // one skipped. Either way one skip per item, each with a reason.
          expect(result.skipped).toHaveLength(built.mustSkip);
          for (const skip of result.skipped) expect(skip.reason.length).toBeGreaterThan(0);
        } finally {
          spawnSync('rm', ['-rf', built.root]);
        }
      }),
      { numRuns: 25 },
    );
  });
});
