import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { bufferedIo, EXIT, runCli } from '../src/cli/index.js';
import { corpusPath, describeWithCorpus } from './support/corpus.js';
import { BASE_BUNDLE, SNAPSHOTS } from './support/guard-corpus.js';

async function run(argv: string[], stdin?: string) {
  const io = bufferedIo(tmpdir(), stdin);
  const code = await runCli(argv, io);
  return { code, out: io.out.join(''), err: io.err.join('') };
}

describeWithCorpus('dsh', 'guard and explain read their inputs as the other commands do: - and --max-input-mb', () => {
  const forkLog = () => corpusPath('dsh', SNAPSHOTS, 'subagent-fork-in-process/session.jsonl');

  it('guard - reads the composition from standard input, named <stdin>', async () => {
    const { code, out } = await run(['guard', '-'], readFileSync(corpusPath('dsh', BASE_BUNDLE), 'utf8'));
    expect(code).toBe(EXIT.ok);
    expect(out).toContain('kvprefix guard: <stdin>');
    expect(out).toMatch(/^PASSED: 0 errors/m);
  });

  it('explain - and guard --session - read standard input', async () => {
    const explain = await run(['explain', '-'], readFileSync(corpusPath('dsh', BASE_BUNDLE), 'utf8'));
    expect(explain.code).toBe(EXIT.ok);
    expect(explain.out).toContain("## subagent_fork — provider 'fork'");
    // A fixture log's head is a placeholder its pins fill; standard input has no folder to hold
    // them, so reading gets as far as the first header, named in the log read from <stdin>.
    const session = await run(['guard', corpusPath('dsh', BASE_BUNDLE), '--session', '-'], readFileSync(forkLog(), 'utf8'));
    expect(session.code).toBe(EXIT.input);
    expect(session.err).toMatch(/^kvprefix guard: <stdin>:\d+: request\/header .*no system-prompt pin was given/);
  });

  it('standard input can be only one of the inputs', async () => {
    const { code, err } = await run(['guard', '-', '--session', '-'], '');
    expect(code).toBe(EXIT.usage);
    expect(err).toContain('standard input (-) can be only one of the inputs');
  });

  it('a session log past the limit names --max-input-mb, and guard takes it', async () => {
    const text = readFileSync(forkLog(), 'utf8');
    const folder = mkdtempSync(path.join(tmpdir(), 'kvprefix-guard-input-'));
    const big = path.join(folder, 'session.jsonl');
    writeFileSync(big, text);
    // The fork log's head pins, as the corpus keeps them beside the text-turn log.
    for (const pin of ['system-prompt.expected.md', 'tool-schemas.expected.json']) {
      writeFileSync(path.join(folder, pin), readFileSync(corpusPath('dsh', SNAPSHOTS, 'text-turn', pin)));
    }
    const refused = await run(['guard', corpusPath('dsh', BASE_BUNDLE), '--session', big, '--max-input-mb', '0.01']);
    expect(refused.code).toBe(EXIT.input);
    expect(refused.err).toMatch(/past the limit .*: raise it with --max-input-mb 1/);
    const raised = await run(['guard', corpusPath('dsh', BASE_BUNDLE), '--session', big, '--max-input-mb', '1']);
    expect(raised.code).toBe(EXIT.ok);
  });
});
