import { expect, it } from 'vitest';
import { bufferedIo, EXIT, runCli } from '../src/cli/index.js';
import { corpusPath, describeWithCorpus } from './support/corpus.js';

// `kvprefix analyze` on a Claude Code project folder: each main transcript goes to the Claude Code
// replay with its subagents; a subagent transcript met while walking the folder is not replayed twice.
const PROJECT = 'claude-code-sessions/test/test_data/real_projects/-src-deep-manifest';

describeWithCorpus('claude-code-sessions', 'kvprefix analyze on a Claude Code project folder', () => {
  it('replays the main transcript with its subagent as one tree, through the Anthropic policy, each file once', async () => {
    const io = bufferedIo(corpusPath());
    expect(await runCli(['analyze', PROJECT, '--json'], io)).toBe(EXIT.ok);
    expect(io.err.join('')).toBe('');
    const result = JSON.parse(io.out.join(''));
    expect(result.trees).toHaveLength(1);
    expect(result.trees[0].policy).toBe('anthropic');
    const files: string[] = result.sessions.map((session: { file: string }) => session.file);
    expect(files.map((file) => file.split('/').at(-1))).toEqual(['a7da6a22-facc-4fcd-8bab-f83c87862004.jsonl', 'agent-c8d9b115.jsonl']);
    expect(result.sessions[1]).toMatchObject({ format: 'claude-code', parentSession: result.sessions[0].id });
    // Logged usage is set beside every prediction.
    expect(result.sessions.every((session: { requests: { observed: unknown }[] }) => session.requests.every((request) => request.observed !== null))).toBe(true);
    expect(result.totals.observed.requests).toBe(result.totals.requests);
  });

  it('--max-input-mb holds for Claude Code transcripts too: past it, the transcript is refused with the flag to raise it (exit 3)', async () => {
    const io = bufferedIo(corpusPath());
    const main = `${PROJECT}/a7da6a22-facc-4fcd-8bab-f83c87862004.jsonl`;
    expect(await runCli(['analyze', main, '--json', '--max-input-mb', '0.01'], io)).toBe(EXIT.input);
    expect(io.out.join('')).toBe('');
    expect(io.err.join('')).toMatch(/^kvprefix analyze: .*a7da6a22-facc-4fcd-8bab-f83c87862004\.jsonl: the input is [\d.]+ MiB \([\d,]+ bytes\), past the limit of 0\.01 MiB \(10,486 bytes, maxInputBytes\): raise it with --max-input-mb \d+\n$/);
  });
});
