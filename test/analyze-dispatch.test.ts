import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzePaths, SESSION_READERS, type SessionReader } from '../src/analysis/index.js';
import { isClaudeCodeTranscript, isDshSession } from '../src/analysis/analyze/session-readers.js';
import { InputError } from '../src/prefix/index.js';
import { corpusPath, describeWithCorpus } from './support/corpus.js';
import { unitPolicies } from './support/unit-policy.js';

// `analyzePaths` dispatches each input to the first reader that claims it, walks other directories,
// skips unread files inside them and refuses an unread file given by name.
const body = (content: string) => JSON.stringify({ model: 'deepseek-v4-flash', messages: [{ role: 'user', content }] });

function scratch(): string {
  const directory = mkdtempSync(path.join(tmpdir(), 'kvprefix-analyze-'));
  writeFileSync(path.join(directory, 'a.request.json'), body('Summarise the repository.'));
  writeFileSync(path.join(directory, 'b.request.json'), body('Summarise the repository. Then list the tests.'));
  writeFileSync(path.join(directory, 'notes.txt'), 'not a request');
  return directory;
}

describe('analyzePaths dispatch', () => {
  it('walks a directory, reads its request files in name order as one tree, and skips what no reader reads', async () => {
    const directory = scratch();
    const result = await analyzePaths([directory], { policyByName: unitPolicies });
    expect(result.trees).toHaveLength(1);
    expect(result.trees[0]!.sessions.map((session) => path.basename(session.file))).toEqual(['a.request.json', 'b.request.json']);
    expect(result.skipped).toEqual([{ file: path.join(directory, 'notes.txt'), reason: expect.stringMatching(/^not something kvprefix analyze reads/) }]);
    expect(result.trees[0]!.sessions[1]!.requests[0]!.divergence).toMatchObject({ cause: 'task', against: { index: 0 } });
  });

  it('refuses a file given by name that no reader reads, naming it', async () => {
    const directory = scratch();
    const attempt = analyzePaths(['notes.txt'], { policyByName: unitPolicies, cwd: directory });
    await expect(attempt).rejects.toBeInstanceOf(InputError);
    await expect(attempt).rejects.toMatchObject({ code: 'input/unknown-input', source: 'notes.txt' });
  });

  it('skips a body it cannot read when it met it walking a directory, and refuses it when named', async () => {
    const directory = scratch();
    writeFileSync(path.join(directory, 'unread.json'), JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'Summarise the repository.' }] }] }));
    const walked = await analyzePaths([directory], { policyByName: unitPolicies });
    expect(walked.trees[0]!.sessions.map((session) => path.basename(session.file))).toEqual(['a.request.json', 'b.request.json']);
    expect(walked.skipped.map((skip) => path.basename(skip.file))).toEqual(['notes.txt', 'unread.json']);
    expect(walked.skipped[1]!.reason).toMatch(/^the request body is a Gemini `generateContent` body/);
    await expect(analyzePaths(['unread.json'], { policyByName: unitPolicies, cwd: directory })).rejects.toMatchObject({ code: 'input/bad-request-body' });
  });

  it('refuses a missing path', async () => {
    await expect(analyzePaths(['missing.json'], { policyByName: unitPolicies, cwd: tmpdir() })).rejects.toMatchObject({ code: 'input/unreadable-file', message: 'missing.json: no such file or directory' });
  });

  it('hands a directory a reader claims to that reader whole, with every option', async () => {
    const directory = scratch();
    const tree = path.join(directory, 'tree');
    mkdirSync(tree);
    writeFileSync(path.join(tree, 'session.jsonl'), '{"type":"session"}\n');
    const seen: string[] = [];
    const dsh: SessionReader = {
      name: 'dsh',
      reads: 'DSH session folders',
      claims: isDshSession,
      analyze: async (inputs, options) => {
        seen.push(...inputs.map((input) => `${input.label} ${options.policy}`));
        return [{ policy: 'deepseek', tokenizer: 'test', sessions: [], notes: [] }];
      },
    };
    const result = await analyzePaths([directory], { policyByName: unitPolicies, policy: 'deepseek', readers: [dsh, ...SESSION_READERS] });
    expect(seen).toEqual([`${tree} deepseek`]);
    expect(result.trees).toHaveLength(2);
  });
});

describeWithCorpus('dsh', 'detection of the logs the replays read', () => {
  it('a DSH scenario folder and its logs are DSH sessions; a Claude Code transcript is not', async () => {
    const scenario = corpusPath('dsh/examples/acp-agent/tests/snapshots/subagent-fork-in-process');
    expect(await isDshSession({ file: scenario, label: 'scenario' }, 'directory')).toBe(true);
    expect(await isDshSession({ file: path.join(scenario, 'session.1.jsonl'), label: 'child' }, 'file')).toBe(true);
    const transcript = corpusPath('claude-code-sessions/test/test_data/real_projects/-src-deep-manifest/a7da6a22-facc-4fcd-8bab-f83c87862004.jsonl');
    expect(await isDshSession({ file: transcript, label: 'transcript' }, 'file')).toBe(false);
    expect(await isClaudeCodeTranscript({ file: transcript, label: 'transcript' }, 'file')).toBe(true);
    expect(await isClaudeCodeTranscript({ file: path.join(scenario, 'session.jsonl'), label: 'log' }, 'file')).toBe(false);
  });
});
