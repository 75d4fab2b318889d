import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { guardComposition, type GuardFinding } from '../src/analysis/index.js';
import { inventedSession } from './support/guard-session.js';

const IDENTITY = 'You are an AI agent powered by DeepSeek Harness.';
const READ = { name: 'read', description: 'Read a file.', parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } };

function composition(persona: string): { path: string; label: string } {
  const directory = mkdtempSync(path.join(tmpdir(), 'kvprefix-volatile-'));
  const file = path.join(directory, 'cordis.yml');
  writeFileSync(file, `- id: system-prompt\n  name: '@deepseek-ai/dsh-system-prompt'\n  config:\n    persona: ${JSON.stringify(persona)}\n`);
  return { path: file, label: 'cordis.yml' };
}

const volatile = (findings: readonly GuardFinding[]) => findings.filter((finding) => finding.kind === 'volatile-head');

describe('volatile head', () => {
  it.each([
    ['a date', 'Today is 2026-11-30.', 'date'],
    ['a UUID', 'Session 539aa64c-7f37-40ff-abd8-ed45b717be1b.', 'UUID'],
    ['an absolute home path', 'Work in /home/alice/project.', 'absolute path'],
    ['a random hex id', 'Build 9f3a61c0d2b84e57aa.', 'random id'],
  ])('%s in an assembled section is a warning naming the section', async (_name, persona, pattern) => {
    const report = await guardComposition(composition(persona));
    expect(volatile(report.findings)).toEqual([expect.objectContaining({ severity: 'warning', where: "section 'deployment:persona'", pattern })]);
  });

  it('a stable persona (with {{cwd}} filled per session) has no volatile-head finding', async () => {
    const report = await guardComposition(composition('You are a coding agent powered by the {{model}} model. Your working directory is {{cwd}}.'));
    expect(volatile(report.findings)).toEqual([]);
  });

  it('a head that changes between consecutive logged headers on one route is an error at the later header', async () => {
    const session = inventedSession([
      { system: `${IDENTITY}\n\nYou are a coding assistant.`, tools: [READ] },
      { system: `${IDENTITY}\n\nYou are a careful coding assistant.`, tools: [READ] },
    ]);
    const report = await guardComposition(composition(''), { session });
    const changed = volatile(report.findings).filter((finding) => finding.kind === 'volatile-head' && finding.pattern === 'header change');
    expect(changed).toEqual([expect.objectContaining({ severity: 'error', line: 7, where: "changed section 'system prompt'" })]);
    expect(report.ok).toBe(false);
  });

  it('a change the host announced (reason: change) is a warning; identical headers are silent', async () => {
    const announced = inventedSession([
      { system: IDENTITY, tools: [READ] },
      { system: IDENTITY, tools: [], reason: 'change' },
    ]);
    expect(volatile((await guardComposition(composition(''), { session: announced })).findings)).toEqual([expect.objectContaining({ severity: 'warning', where: "removed tool 'read'" })]);
    const same = inventedSession([
      { system: IDENTITY, tools: [READ] },
      { system: IDENTITY, tools: [READ] },
    ]);
    expect(volatile((await guardComposition(composition(''), { session: same })).findings)).toEqual([]);
  });
});
