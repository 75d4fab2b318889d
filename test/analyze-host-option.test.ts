import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { bufferedIo, runCli } from '../src/cli/index.js';
import { corpusPath, describeWithCorpus } from './support/corpus.js';

// `analyze --host`: the composition a DSH session ran under, whose DeepSeek settings apply where the
// log records none (`code-mode-turn` of dsh-as-recorded ran with `reasoningEffort: max`, unlogged).
const scratch = mkdtempSync(path.join(tmpdir(), 'kvprefix-analyze-host-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function analyze(...argv: string[]) {
  const io = bufferedIo(scratch);
  const code = await runCli(['analyze', ...argv], io);
  return { code, out: io.out.join(''), err: io.err.join('') };
}

interface Json {
  readonly trees: { readonly notes: readonly string[] }[];
  readonly sessions: { readonly requests: { readonly tokens: number; readonly observed: { readonly uncached: number; readonly cacheRead: number } }[] }[];
}

const misses = (json: Json) => json.sessions[0]!.requests.map((request) => request.observed.uncached + request.observed.cacheRead - request.tokens);

describeWithCorpus(['dsh-as-recorded', 'dsh'], 'analyze --host', () => {
  const log = corpusPath('dsh-as-recorded', 'code-mode-turn', 'current-shape');
  const composition = corpusPath('dsh', 'examples', 'acp-agent', 'cordis.yml');

  it('applies the composition\'s reasoning effort: every total exact with --calibrate never, the settings named in the notes', async () => {
    const without = await analyze(log, '--calibrate', 'never', '--json');
    expect(without.code).toBe(0);
    expect(misses(JSON.parse(without.out) as Json)).toEqual([79, 79]);
    const hosted = await analyze(log, '--calibrate', 'never', '--host', composition, '--json');
    expect(hosted.code).toBe(0);
    const json = JSON.parse(hosted.out) as Json;
    expect(misses(json)).toEqual([0, 0]);
    expect(json.trees[0]!.notes.some((note) => note.startsWith(`DeepSeek settings of the host composition (${composition}:9): reasoningEffort max, thinking enabled`))).toBe(true);
  }, 120_000);

  it('is a usage error without a log to apply it to, and bad input when the composition sets a value the adapter refuses', async () => {
    const alone = await analyze('--host', composition);
    expect(alone.code).toBe(2);
    expect(alone.err).toContain('--host applies a composition\'s model settings to DSH session logs');
    const bad = path.join(scratch, 'bad.yml');
    writeFileSync(bad, "- id: llm-deepseek\n  name: '@deepseek-ai/dsh-llm-deepseek'\n  config:\n    reasoningEffort: turbo\n");
    const refused = await analyze(log, '--host', 'bad.yml');
    expect(refused.code).toBe(3);
    expect(refused.err).toContain('bad.yml:1: [0].config.reasoningEffort: reasoningEffort "turbo" is not one of off, low, high, max');
  }, 120_000);
});
