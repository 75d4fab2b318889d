import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { readTree, replayStates, sessionState } from '../src/analysis/claude-code/analyze-claude-code-session.js';
import { collectApiCalls } from '../src/analysis/claude-code/api-calls.js';
import { SidechainIndex } from '../src/analysis/claude-code/find-sidechains.js';
import { replayForked } from '../src/analysis/claude-code/fork-replay.js';
import { HeadEvidence } from '../src/analysis/claude-code/head-evidence.js';
import { forkWhatIf } from '../src/analysis/analyze/what-if.js';
import { anthropicPolicy } from '../src/analysis/anthropic/anthropic-policy.js';
import { bufferedIo, EXIT, runCli } from '../src/cli/index.js';
import { corpusPath, describeWithCorpus } from './support/corpus.js';
import { keepsEarlierTurnThinking } from '../src/analysis/anthropic/earlier-thinking.js';

// Issue 20 §2: "what forking instead of spawning the subagents would have changed" is computed by
// replaying the same requests with each subagent forked from its parent's request at its start.
const PROJECTS = 'claude-code-sessions/test/test_data/real_projects';

/** The main transcripts of the corpus projects (subagent files are read through them). */
function mainTranscripts(): string[] {
  const root = corpusPath(PROJECTS);
  return readdirSync(root).flatMap((project) =>
    readdirSync(path.join(root, project))
      .filter((name) => name.endsWith('.jsonl') && !name.startsWith('agent-') && statSync(path.join(root, project, name)).size > 0)
      .map((name) => path.join(root, project, name)),
  );
}

async function bothReplays(file: string) {
  const index = new SidechainIndex();
  const transcripts = await readTree(file, true, {}, index);
  const heads = new HeadEvidence();
  const spawned = replayStates(await Promise.all(transcripts.map((transcript) => sessionState(transcript))), { policy: anthropicPolicy, heads });
  return { transcripts, spawned, fork: await replayForked(spawned, { policy: anthropicPolicy, heads, transcripts }) };
}

describeWithCorpus(PROJECTS, 'fork instead of spawn, replayed', () => {
  it('finds forkable subagents in the corpus projects, replays the same requests in both trees, and leaves the parent unchanged until its first child starts', async () => {
    let forkedTrees = 0;
    for (const file of mainTranscripts()) {
      const { spawned, fork } = await bothReplays(file);
      if (fork === null) continue;
      forkedTrees++;
      expect(fork.spawned).toBe(spawned);
      // Same sessions, same requests at the same times: only the setting differs.
      expect(fork.forked.sessions.map((session) => [session.file, session.requests.map((request) => request.time)])).toEqual(spawned.sessions.map((session) => [session.file, session.requests.map((request) => request.time)]));
      const firstChild = Math.min(...spawned.sessions.slice(1).flatMap((session) => session.requests.map((request) => Date.parse(request.time!))));
      const before = (tree: typeof spawned) => tree.sessions[0]!.requests.filter((request) => Date.parse(request.time!) < firstChild).map((request) => request.predicted);
      expect(before(fork.forked)).toEqual(before(spawned));
    }
    // Three corpus sessions have a subagent that started after a logged parent request.
    expect(forkedTrees).toBe(3);
  });

  it("a forked child's first request reads the parent's request up to its last breakpoint when the parent sent it within the TTL and no thinking of the parent's is dropped", async () => {
    let checked = 0;
    for (const file of mainTranscripts()) {
      const { transcripts, fork } = await bothReplays(file);
      if (fork === null) continue;
      const parentCalls = collectApiCalls(transcripts[0]!);
      for (const session of fork.forked.sessions.filter((candidate) => fork.forkedFiles.has(candidate.file))) {
        const first = session.requests[0]!;
        const started = Date.parse(first.time!);
        const parent = parentCalls.filter((call) => call.sentAt <= started && call.usage !== undefined).at(-1)!;
        if ((started - parent.sentAt) / 1000 > 300) continue;
        // The child's task is a new prompt: a model that drops earlier turns' thinking drops the
        // parent's, so its request parts from the parent's at the parent's first thinking block.
        if (keepsEarlierTurnThinking(parent.model) === false && parentCalls.some((call) => call.thinking && call.sentAt <= started)) continue;
        checked++;
        expect(first.predicted.cacheRead).toBeGreaterThanOrEqual(parent.usage!.cacheRead + parent.usage!.cacheWrite);
        expect(first.route.model).toBe(parent.model);
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('the what-if counts the forked children and their requests, and prices both whole trees', async () => {
    for (const file of mainTranscripts()) {
      const { spawned, fork } = await bothReplays(file);
      if (fork === null) continue;
      const whatIf = forkWhatIf(fork.spawned, fork.forked, anthropicPolicy, fork.forkedFiles)!;
      const children = spawned.sessions.filter((session) => fork.forkedFiles.has(session.file));
      expect(whatIf.children).toBe(fork.children);
      expect(whatIf.requests).toBe(children.reduce((sum, session) => sum + session.requests.length, 0));
      expect(whatIf.tokens.spawned).toBe(children.flatMap((session) => session.requests).reduce((sum, request) => sum + request.tokens, 0));
      // A fork carries the parent's conversation in place of the child's own head: its requests are longer here.
      expect(whatIf.tokens.forked).toBeGreaterThan(whatIf.tokens.spawned);
      expect(whatIf.cost.spawned).toBeGreaterThan(0);
      expect(whatIf.cost.forked).toBeGreaterThan(0);
    }
  });

  it('analyze replays the fork only with --fork, and without it says how to ask for it', async () => {
    const session = corpusPath(PROJECTS, '-src-experiments-claude_p/29ccd257-68b1-427f-ae5f-6524b7cb6f20.jsonl');
    const plain = bufferedIo();
    expect(await runCli(['analyze', session], plain)).toBe(EXIT.ok);
    expect(plain.out.join('')).toContain('what if the 1 subagent had been forked instead of spawned: run again with --fork');
    const forked = bufferedIo();
    expect(await runCli(['analyze', session, '--fork', '--json'], forked)).toBe(EXIT.ok);
    const report = JSON.parse(forked.out.join('')) as { whatIf: { fork: { children: number; requests: number; note: string } | null } };
    expect(report.whatIf.fork).toMatchObject({ children: 1, requests: 10, note: expect.stringMatching(/^replayed: /) });
  });
});
