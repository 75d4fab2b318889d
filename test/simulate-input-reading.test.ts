import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { bufferedIo, EXIT, runCli } from '../src/cli/index.js';
import { corpusPath, describeWithCorpus } from './support/corpus.js';

async function run(argv: string[], stdin?: string) {
  const io = bufferedIo(tmpdir(), stdin);
  const code = await runCli(argv, io);
  return { code, out: io.out.join(''), err: io.err.join('') };
}

describe('simulate reads its trace as the other commands read files', () => {
  it('a missing trace is worded as everywhere else, without the errno text', async () => {
    const { code, err } = await run(['simulate', 'missing.jsonl']);
    expect(code).toBe(EXIT.input);
    expect(err).toBe('kvprefix simulate: missing.jsonl: cannot read: no such file\n');
  });
});

describeWithCorpus('mooncake-traces', 'simulate - reads the trace from standard input', () => {
  it('the same totals as from the file', async () => {
    const file = corpusPath('mooncake-traces', 'FAST25-release/traces/conversation_trace.jsonl');
    const fromFile = await run(['simulate', file, '--json']);
    const fromStdin = await run(['simulate', '-', '--json'], readFileSync(file, 'utf8'));
    expect(fromStdin.code).toBe(EXIT.ok);
    const totals = (out: string) => {
      const { requests, blocks, hitBlocks } = JSON.parse(out) as Record<string, unknown>;
      return { requests, blocks, hitBlocks };
    };
    expect(totals(fromStdin.out)).toEqual(totals(fromFile.out));
  });
});
