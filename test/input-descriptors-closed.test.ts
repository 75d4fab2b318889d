import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzePaths, policyByName } from '../src/analysis/index.js';
import { readSessionLog } from '../src/providers/index.js';
import { corpusPath, describeWithCorpus } from './support/corpus.js';

// Issue 17 §14 and issue 16 §2: every file opened is closed, on every path, and a projects folder
// is read with a handful of files open, not one per session per subagent.
const openDescriptors = () => readdirSync('/proc/self/fd').length;
/** Closing is asynchronous (the stream's close callback): counts are taken once pending closes ran. */
const settled = async () => {
  await new Promise((resolve) => setTimeout(resolve, 100));
  return openDescriptors();
};

let directory: string;
beforeAll(() => {
  directory = mkdtempSync(path.join(tmpdir(), 'kvprefix-fds-'));
});
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe.skipIf(process.platform !== 'linux')('open file descriptors', () => {
  it('200 readSessionLog calls that fail on a malformed line leave no descriptor open', async () => {
    const file = path.join(directory, 'broken.jsonl');
    writeFileSync(file, '{"type":"session","version":0,"id":"s","createdAt":1,"delegationDepth":0}\n{"type":\n');
    const before = await settled();
    for (let index = 0; index < 200; index++) await expect(readSessionLog(file)).rejects.toThrow(/broken\.jsonl:2: /);
    expect(await settled()).toBe(before);
  });

  it('200 readSessionLog calls that fail on a bad zstd name or a missing header leave no descriptor open', async () => {
    const notZstd = path.join(directory, 'plain.jsonl.zstd');
    writeFileSync(notZstd, 'not compressed\n');
    const empty = path.join(directory, 'blank.jsonl');
    writeFileSync(empty, '\n\n');
    const before = openDescriptors();
    for (let index = 0; index < 100; index++) {
      await expect(readSessionLog(notZstd)).rejects.toThrow(/not a zstd stream/);
      await expect(readSessionLog(empty)).rejects.toThrow(/no session header/);
    }
    expect(openDescriptors()).toBe(before);
  });
});

/**
 * A projects folder of 500 sessions in Claude Code 2.0's layout: copies of a corpus transcript (each
 * with its own session id) and, beside them, 40 `agent-*.jsonl` subagent files marked with the ids
 * of the first 40 sessions — the layout in which every main transcript used to open every agent file.
 */
function projectsFolder(root: string): void {
  const source = corpusPath('claude-code-sessions', 'test/test_data/real_projects/-Users-dain-workspace-danieldemmel-me-next');
  const main = readFileSync(path.join(source, '5ed31c36-bca8-40fd-8d24-f1a1f0af7901.jsonl'), 'utf8');
  const agent = readFileSync(path.join(source, 'agent-c3d572ee.jsonl'), 'utf8');
  const mainId = /"sessionId":"([^"]+)"/.exec(main)![1]!;
  const agentId = /"sessionId":"([^"]+)"/.exec(agent)![1]!;
  const project = path.join(root, '-project');
  mkdirSync(project, { recursive: true });
  for (let index = 0; index < 500; index++) {
    const id = `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;
    writeFileSync(path.join(project, `${id}.jsonl`), main.split(mainId).join(id));
    if (index < 40) writeFileSync(path.join(project, `agent-${String(index).padStart(8, '0')}.jsonl`), agent.split(agentId).join(id));
  }
  cpSync(path.join(source, '5ed31c36-bca8-40fd-8d24-f1a1f0af7901.jsonl'), path.join(project, 'original.jsonl'));
}

describeWithCorpus('claude-code-sessions', 'open files while a 500-session Claude Code folder is analysed', () => {
  it.skipIf(process.platform !== 'linux')('never more than 64 files are open at once, and none is left open', async () => {
    const root = path.join(directory, 'projects');
    projectsFolder(root);
    const before = openDescriptors();
    let peak = 0;
    const sample = () => void (peak = Math.max(peak, openDescriptors() - before));
    const timer = setInterval(sample, 1);
    try {
      const result = await analyzePaths([root], { policyByName, onProgress: sample });
      expect(result.trees.length).toBe(501);
    } finally {
      clearInterval(timer);
    }
    sample();
    expect(peak).toBeLessThanOrEqual(64);
    expect(openDescriptors()).toBe(before);
  });
});
