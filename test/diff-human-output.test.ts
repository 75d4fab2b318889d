import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bufferedIo, runCli } from '../src/cli/index.js';

const repositoryRoot = path.resolve(import.meta.dirname, '..');

async function diffText(...argv: string[]): Promise<string[]> {
  const io = bufferedIo(repositoryRoot);
  expect(await runCli(['diff', ...argv], io)).toBe(0);
  return io.out.join('').trimEnd().split('\n');
}

describe('kvprefix diff human output', () => {
  it('says where the requests diverge, why, both sides around the first differing byte, and what is shared', async () => {
    const lines = await diffText('examples/fork-parent.request.json', 'examples/fork-child-one-shot.request.json');
    expect(lines).toHaveLength(7);
    expect(lines[0]).toMatch(/^parent  examples\/fork-parent\.request\.json  \(deepseek\/deepseek-v4-flash, chat layout\): 24 segments, 25,967 bytes, [\d,]+ tokens$/);
    expect(lines[1]).toMatch(/^child   examples\/fork-child-one-shot\.request\.json  \(deepseek\/deepseek-v4-flash, chat layout\): 25 segments, 26,487 bytes, [\d,]+ tokens$/);
    expect(lines[2]).toBe("diverges at segment 23 (task 'message[4]:user', the child's), byte 25,588");
    expect(lines[3]).toBe("  cause: task (inferred): its own task 'message[4]:user' is where they part: the head and 3 messages before it are shared");
    expect(lines[4]).toBe('  parent: just \\"OK\\"."}{"role":"user","content":"‸Use the subagent_fork tool exactly once ');
    expect(lines[5]).toBe('  child:  just \\"OK\\"."}{"role":"user","content":"‸What is the project codeword mentioned e');
    expect(lines[6]).toMatch(/^common prefix: 23 segments, 25,588 bytes, [\d,]+ tokens \(o200k_base\): \d+\.\d% of the child's tokens$/);
  });

  it('keeps each excerpt on one line when the divergence sits next to line breaks', async () => {
    const lines = await diffText('examples/fork-parent.request.json', 'examples/fork-child-continuable.request.json');
    expect(lines[2]).toBe("diverges at segment 0 (system 'system[0]', the child's), byte 3,465");
    expect(lines[3]).toBe("  cause: report-tool (inferred): the child's head adds the 'report' tool and its 'tool:report' section (a continuable child), ahead of every message: nothing after it is reusable");
    expect(lines[5]).toBe('  child:  outcome and any final assistant message.‸\\n\\nDeliver your result with the report to');
  });

  it('says so when the requests are identical', async () => {
    const lines = await diffText('examples/fork-parent.request.json', 'examples/fork-parent.request.json');
    expect(lines[2]).toBe('identical: the child shares every byte of the parent');
    expect(lines[3]).toMatch(/^common prefix: 24 segments, 25,967 bytes, [\d,]+ tokens \(o200k_base\): 100\.0% of the child's tokens$/);
  });
});
