import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { bufferedIo, EXIT, runCli } from '../src/cli/index.js';
import { corpusPath, describeWithCorpus } from './support/corpus.js';
import { BASE_BUNDLE } from './support/guard-corpus.js';

/** The base bundle with the fork tool pointed at a provider no row mounts. */
function bundleWithUnmountedForkProvider(): string {
  const text = readFileSync(corpusPath('dsh', BASE_BUNDLE), 'utf8');
  const changed = text.replace('provider: fork\n        toolName: subagent_fork', 'provider: forkk\n        toolName: subagent_fork');
  if (changed === text) throw new Error('the base bundle no longer binds subagent_fork to provider fork');
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'kvprefix-explain-')), 'cordis.patch.yml');
  writeFileSync(file, changed);
  return file;
}

describeWithCorpus('dsh', 'kvprefix explain never drops a delegation tool it cannot explain', () => {
  it('names the tool and the reason, and exits 1, when a delegation cannot be assembled', async () => {
    const io = bufferedIo(tmpdir());
    const code = await runCli(['explain', bundleWithUnmountedForkProvider()], io);
    const out = io.out.join('');
    expect(code).toBe(EXIT.findings);
    expect(out).toContain("## subagent — provider 'spawn'");
    expect(out).toMatch(/## subagent_fork — not explained \(.*cordis\.patch\.yml:\d+\)\n\n.*provider 'forkk', which no loaded row mounts/);
  });

  it('--json lists it under unexplained, with its tool, location and message', async () => {
    const io = bufferedIo(tmpdir());
    const code = await runCli(['explain', bundleWithUnmountedForkProvider(), '--json'], io);
    expect(code).toBe(EXIT.findings);
    const document = JSON.parse(io.out.join('')) as { cards: { tool: string }[]; unexplained: { tool: string | null; message: string; line: number | null }[] };
    expect(document.cards.map((card) => card.tool)).toEqual(['subagent']);
    expect(document.unexplained).toHaveLength(1);
    expect(document.unexplained[0]).toMatchObject({ tool: 'subagent_fork', line: expect.any(Number) });
    expect(document.unexplained[0]!.message).toContain("provider 'forkk'");
  });

  it('the base bundle explains every delegation and exits 0 with nothing unexplained', async () => {
    const io = bufferedIo(corpusPath('dsh'));
    expect(await runCli(['explain', BASE_BUNDLE, '--json'], io)).toBe(EXIT.ok);
    expect((JSON.parse(io.out.join('')) as { unexplained: unknown[] }).unexplained).toEqual([]);
  });
});
