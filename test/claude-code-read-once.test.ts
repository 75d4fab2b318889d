import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { segmentComparison } from '../src/analysis/claude-code/claude-code-divergence.js';
import { readSessionLabel } from '../src/analysis/claude-code/session-label.js';
import { readClaudeCodeTranscript } from '../src/analysis/claude-code/transcript-entry.js';
import { comparePrefix, createRequest, type PrefixRequest } from '../src/prefix/index.js';
import { corpusPath, describeWithCorpus } from './support/corpus.js';

// A projects folder's run reads each transcript once: the label comes with the read, and a cause
// is read from segment counts without tokenizing both requests.
const PROJECTS = 'claude-code-sessions/test/test_data/real_projects';

function jsonlFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const file = path.join(folder, name);
    if (statSync(file).isDirectory()) return jsonlFiles(file);
    return name.endsWith('.jsonl') ? [file] : [];
  });
}

describeWithCorpus(PROJECTS, 'a transcript read whole carries the label readSessionLabel reads', () => {
  it('equals readSessionLabel on every corpus transcript', async () => {
    const files = jsonlFiles(corpusPath(PROJECTS));
    expect(files.length).toBeGreaterThan(40);
    let titled = 0;
    for (const file of files) {
      const transcript = await readClaudeCodeTranscript(file);
      const alone = await readSessionLabel(file);
      expect(transcript.label, file).toEqual(alone);
      if (alone.title !== null) titled++;
    }
    // The corpus has titled sessions, so the comparison covers the summary lines too.
    expect(titled).toBeGreaterThan(0);
  });
});

describeWithCorpus(PROJECTS, 'a transcript read for the replay', () => {
  it("holds no entry's toolUseResult, which corpus lines carry", async () => {
    const files = jsonlFiles(corpusPath(PROJECTS));
    const logged = files.filter((file) => readFileSync(file, 'utf8').includes('"toolUseResult"'));
    expect(logged.length).toBeGreaterThan(0);
    for (const file of logged) {
      const transcript = await readClaudeCodeTranscript(file);
      expect(transcript.entries.length, file).toBeGreaterThan(0);
      expect(transcript.entries.some((entry) => 'toolUseResult' in entry), file).toBe(false);
    }
  });
});

describe('the label of a transcript read whole', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'kvprefix-label-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const entry = (uuid: string, parent: string | null, extra: Record<string, unknown> = {}) =>
    JSON.stringify({ type: 'user', uuid, parentUuid: parent, sessionId: 's', timestamp: '2026-01-01T00:00:00Z', message: { role: 'user', content: 'hi' }, ...extra });

  it('reads only lines that end inside the first 64 KiB, as readSessionLabel does', async () => {
    const padding = 'x'.repeat(70 * 1024);
    const file = path.join(folder, 'late-summary.jsonl');
    const lines = [
      JSON.stringify({ type: 'summary', summary: 'early', leafUuid: 'a' }),
      entry('a', null, { cwd: '/work/one', padding }),
      JSON.stringify({ type: 'summary', summary: 'past the head', leafUuid: 'a' }),
      entry('b', 'a', { cwd: '/work/two' }),
    ];
    writeFileSync(file, `${lines.join('\n')}\n`);
    const transcript = await readClaudeCodeTranscript(file);
    expect(transcript.label).toEqual({ cwd: null, title: 'early' });
    expect(await readSessionLabel(file)).toEqual(transcript.label);
  });

  it('keeps a custom title over a summary and the first cwd', async () => {
    const file = path.join(folder, 'titled.jsonl');
    const lines = [
      JSON.stringify({ type: 'summary', summary: 'auto', leafUuid: 'a' }),
      JSON.stringify({ type: 'custom-title', customTitle: 'mine' }),
      entry('a', null, { cwd: '/work/one' }),
      entry('b', 'a', { cwd: '/work/two' }),
    ];
    writeFileSync(file, `${lines.join('\n')}\n`);
    const transcript = await readClaudeCodeTranscript(file);
    expect(transcript.label).toEqual({ cwd: '/work/one', title: 'mine' });
    expect(await readSessionLabel(file)).toEqual(transcript.label);
  });
});

describe('segmentComparison', () => {
  const route = { provider: 'anthropic', model: 'claude-sonnet-4-5-20250929' };
  const request = (model: string, head: string, ...messages: string[]): PrefixRequest =>
    createRequest({ ...route, model }, 'anthropic', [
      { kind: 'system', name: 'claude-code head', content: head },
      ...messages.map((text, index) => ({ kind: 'message' as const, name: `message[${index}]:user text`, content: text })),
    ]);
  const base = request(route.model, '[head]', 'first question', 'first answer');
  const cases: readonly [string, PrefixRequest][] = [
    ['an extension', request(route.model, '[head]', 'first question', 'first answer', 'second')],
    ['an edit', request(route.model, '[head]', 'first question (edited)', 'first answer')],
    ['another head', request(route.model, '[other]', 'first question', 'first answer')],
    ['the same request', request(route.model, '[head]', 'first question', 'first answer')],
    ['a shorter request', request(route.model, '[head]', 'first question')],
    ['another model', request('claude-opus-4-5-20251101', '[head]', 'first question', 'first answer')],
  ];
  for (const [name, other] of cases) {
    it(`counts the segments comparePrefix counts: ${name}`, () => {
      const full = comparePrefix(base, other);
      expect(segmentComparison(base, other)).toEqual({ commonPrefix: { segments: full.commonPrefix.segments }, parent: { segments: full.parent.segments }, child: { segments: full.child.segments } });
    });
  }
});
