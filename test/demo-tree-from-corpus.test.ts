import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { buildDemoTree, DEMO_TREE_DIRECTORY } from '../examples/build-demo-tree.js';
import { DSH_SNAPSHOTS } from '../examples/build-examples.js';
import { EXAMPLES_DIRECTORY } from '../src/cli/commands/demo.js';
import { CORPUS_ROOT, describeWithCorpus } from './support/corpus.js';

const committedDirectory = path.join(EXAMPLES_DIRECTORY, DEMO_TREE_DIRECTORY);

describeWithCorpus(DSH_SNAPSHOTS, 'the bundled demo tree is rebuilt by the runtime on the corpus head', () => {
  it('examples/build-demo-tree.ts writes the committed session.jsonl and session.<n>.jsonl byte for byte, and nothing else', async () => {
    const built = await buildDemoTree(CORPUS_ROOT);
    expect(readdirSync(committedDirectory).sort()).toEqual([...built.keys()].sort());
    for (const [name, text] of built) expect(readFileSync(path.join(committedDirectory, name), 'utf8'), name).toBe(text);
  });

  it('the children are one-shot fork, continuable fork, spawn and persona spawn, started by the parent\'s delegation tool calls', async () => {
    const built = await buildDemoTree(CORPUS_ROOT);
    const header = (name: string) => JSON.parse(built.get(name)!.split('\n')[0]!) as { id: string; parentSession?: string; seedLength?: number };
    const parentCalls = built
      .get('session.jsonl')!
      .split('\n')
      .filter((line) => line.includes('"type":"tool/call"'))
      .map((line) => (JSON.parse(line) as { data: { name: string } }).data.name);
    expect(parentCalls).toEqual(['subagent_fork', 'subagent_fork_continuable', 'subagent', 'subagent_reviewer']);
    const root = header('session.jsonl').id;
    for (const child of [1, 2, 3, 4]) expect(header(`session.${child}.jsonl`).parentSession).toBe(root);
    // Forks are seeded with the parent's completed first turn; spawns start empty.
    expect([1, 2, 3, 4].map((child) => (header(`session.${child}.jsonl`).seedLength ?? 0) > 0)).toEqual([true, true, false, false]);
    // No invented usage: the scripted model reports none, so nothing is observed.
    for (const text of built.values()) expect(text).not.toContain('"usage"');
  });
});
