import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { collectApiCalls } from '../src/analysis/claude-code/api-calls.js';
import { readClaudeCodeTranscript } from '../src/analysis/claude-code/transcript-entry.js';
import { bufferedIo, EXIT, runCli } from '../src/cli/index.js';
import { corpusPath, itWithCorpus } from './support/corpus.js';
import { writeTranscript } from './support/claude-code-transcript.js';

// Issue 27 §1: every transcript shape is read once, whatever lines open it, whatever line is broken,
// whichever layout its subagents are in.
const SESSION = '11111111-2222-4333-8444-555555555555';
const turns = [
  { at: '2026-03-01T10:00:00.000Z', userText: 'first', usage: { input: 10, read: 0, write: 2000 } },
  { at: '2026-03-01T10:00:10.000Z', userText: 'second', usage: { input: 12, read: 2000, write: 40 } },
];

const made: string[] = [];
afterAll(() => made.forEach((folder) => rmSync(folder, { recursive: true, force: true })));
afterEach(() => void vi.unstubAllEnvs());

/** A main transcript named as Claude Code names one, in a project folder of its own; `edit` rewrites its lines. */
function project(edit: (lines: string[]) => string[] = (lines) => lines): { folder: string; file: string } {
  const written = writeTranscript(turns, { sessionId: SESSION });
  const folder = path.dirname(written);
  made.push(folder);
  const file = path.join(folder, `${SESSION}.jsonl`);
  renameSync(written, file);
  writeFileSync(file, `${edit(readFileSync(file, 'utf8').trimEnd().split('\n')).join('\n')}\n`);
  return { folder, file };
}

/** A subagent of the session in Claude Code 2.1's layout (`<session>/subagents/agent-a1.jsonl` and its `.meta.json`). */
function subagent(folder: string): string {
  const written = writeTranscript(turns.map((turn) => ({ ...turn, at: turn.at.replace('10:00', '10:01') })), { sidechain: true, sessionId: SESSION });
  made.push(path.dirname(written));
  const nested = path.join(folder, SESSION, 'subagents');
  mkdirSync(nested, { recursive: true });
  const file = path.join(nested, 'agent-a1.jsonl');
  writeFileSync(file, readFileSync(written));
  writeFileSync(path.join(nested, 'agent-a1.meta.json'), JSON.stringify({ agentType: 'Explore' }));
  return file;
}

async function analyze(argv: readonly string[]) {
  const io = bufferedIo(tmpdir());
  const code = await runCli(['analyze', ...argv], io);
  const out = io.out.join('');
  return { code, err: io.err.join(''), out, json: argv.includes('--json') && code === EXIT.ok ? JSON.parse(out) : null };
}

const requestCounts = (json: { sessions: { requests: unknown[] }[] }) => json.sessions.map((session) => session.requests.length);

describe('Claude Code transcripts of every shape', () => {
  it('a transcript opening with permission-mode, attachment and a file-history-snapshot without sessionId is read, named or walked', async () => {
    const { folder, file } = project((lines) => [
      JSON.stringify({ type: 'permission-mode', permissionMode: 'default', sessionId: SESSION }),
      JSON.stringify({ type: 'attachment', uuid: 'att-1', parentUuid: null, sessionId: SESSION, attachment: { type: 'todo' } }),
      JSON.stringify({ type: 'file-history-snapshot', messageId: 'm', snapshot: {} }),
      ...lines,
    ]);
    const named = await analyze([file, '--json']);
    expect(named.code).toBe(EXIT.ok);
    expect(requestCounts(named.json)).toEqual([2]);
    const walked = await analyze([folder, '--json']);
    expect(requestCounts(walked.json)).toEqual([2]);
    expect(walked.json.skipped).toEqual([]);
    expect(walked.json.trees[0].notes).toContain(`${SESSION}.jsonl: skipped bookkeeping entries permission-mode ×1, attachment ×1, file-history-snapshot ×1.`);
  });

  it('a line that does not parse is listed with its line and the rest of the file is read', async () => {
    const { file } = project((lines) => [...lines.slice(0, 3), '{"type":"user","uuid":', ...lines.slice(3)]);
    const run = await analyze([file, '--json']);
    expect(run.code).toBe(EXIT.ok);
    expect(requestCounts(run.json)).toEqual([2]);
    expect(run.json.trees[0].notes.some((note: string) => note.startsWith(`${SESSION}.jsonl line 4: not a JSON line:`) && note.endsWith('the line is left out and the rest of the file read.'))).toBe(true);
  });

  it('entries of a type not known yet are counted in a note, never a reason to skip the transcript', async () => {
    const { file } = project((lines) => [JSON.stringify({ type: 'brand-new-kind', sessionId: SESSION }), ...lines]);
    const run = await analyze([file, '--json']);
    expect(requestCounts(run.json)).toEqual([2]);
    expect(run.json.trees[0].notes.some((note: string) => note.includes('types kvprefix does not know') && note.includes('brand-new-kind ×1'))).toBe(true);
  });

  it("a request's history follows parentUuid through progress entries", async () => {
    // As Claude Code 2.1.38 writes it: the second turn's user entry hangs off a hook_progress entry.
    const { file } = project((lines) => {
      const edited = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      const second = edited.findIndex((entry) => entry['uuid'] === 'user-1');
      const progress = { type: 'progress', uuid: 'progress-1', parentUuid: edited[second]!['parentUuid'], sessionId: SESSION, timestamp: turns[1]!.at, data: { type: 'hook_progress' } };
      edited[second] = { ...edited[second]!, parentUuid: 'progress-1' };
      return [...edited.slice(0, second), progress, ...edited.slice(second)].map((entry) => JSON.stringify(entry));
    });
    const calls = collectApiCalls(await readClaudeCodeTranscript(file));
    expect(calls[1]!.input.map((entry) => entry.uuid)).toEqual(['user-0', 'assistant-0-0', 'user-1']);
  });

  it("a 2.1 subagent's .meta.json is read with its transcript, never listed as an input; named alone it is refused naming the transcript", async () => {
    const { folder } = project();
    const agent = subagent(folder);
    const walked = await analyze([folder, '--json']);
    expect(walked.json.skipped).toEqual([]);
    expect(walked.json.trees).toHaveLength(1);
    expect(requestCounts(walked.json)).toEqual([2, 2]);
    const named = await analyze([agent.replace(/\.jsonl$/, '.meta.json')]);
    expect(named.code).toBe(EXIT.input);
    expect(named.err).toContain('name agent-a1.jsonl or its session instead');
  });

  it('a subagent whose session file is gone is replayed alone, with no path as with a path', async () => {
    const config = mkdtempSync(path.join(tmpdir(), 'kvprefix-orphan-'));
    made.push(config);
    const { folder, file } = project();
    subagent(folder);
    rmSync(file);
    const projectFolder = path.join(config, 'projects', '-work-orphan');
    mkdirSync(path.dirname(projectFolder), { recursive: true });
    renameSync(folder, projectFolder);
    const walked = await analyze([projectFolder, '--json']);
    expect(requestCounts(walked.json)).toEqual([2]);
    expect(walked.json.sessions[0].file).toMatch(/subagents\/agent-a1\.jsonl$/);
    vi.stubEnv('CLAUDE_CONFIG_DIR', config);
    const noPath = await analyze(['--json']);
    expect(noPath.out).toBe(walked.out);
  });

  itWithCorpus('claude-code-2026', 'subagents written inside the session file (Claude Code 1.0, isSidechain) are subagents of the tree, each starting cold', async () => {
    const run = await analyze([corpusPath('claude-code-2026/projects/-sample-project/fe5e1c67-53e7-4862-81ae-d0e013e3270b.jsonl'), '--json']);
    const [main, ...children] = run.json.sessions as { id: string; parentSession: string | null; requests: { predicted: { cacheRead: number }; observed: { cacheRead: number } }[] }[];
    // Three parallel Task subagents at 00:52:54, then the later ones of the session.
    expect(children.length).toBeGreaterThanOrEqual(3);
    for (const child of children) expect(child.parentSession).toBe(main!.id);
    const started = children.slice(0, 3).map((child) => child.requests[0]!);
    for (const request of started) expect(request).toMatchObject({ predicted: { cacheRead: 0 }, observed: { cacheRead: 0 } });
    expect(run.json.trees[0].duplication).not.toBeNull();
  });
});
