import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readEmbeddedPageData, type DemoAnalysis } from '../src/analysis/index.js';
import { bufferedIo, EXIT, runCli } from '../src/cli/index.js';

// The demo must not depend on the directory it is run from: it finds the bundled tree itself and
// writes its page into the directory it is run from.
async function demo(...argv: string[]) {
  const cwd = mkdtempSync(path.join(tmpdir(), 'kvprefix-demo-'));
  const io = bufferedIo(cwd);
  const code = await runCli(['demo', ...argv], io);
  return { code, cwd, out: io.out.join(''), err: io.err.join('') };
}

describe('kvprefix demo', () => {
  let json: Awaited<ReturnType<typeof demo>>;
  let analysis: DemoAnalysis & { html: string };
  beforeAll(async () => {
    json = await demo('--json', '-o', 'page.html');
    analysis = JSON.parse(json.out) as typeof analysis;
  });

  const child = (file: string) => analysis.children.find((candidate) => candidate.file === file)!;

  it('a one-shot fork child shares the head and its inherited history; its own part starts at its task', () => {
    expect(json.code).toBe(EXIT.ok);
    expect(json.err).toBe('');
    const oneShot = child('session.1.jsonl');
    expect(oneShot).toMatchObject({ provider: 'fork', continuable: false, tool: 'subagent_fork', break: { where: 'own', cause: 'task', kind: 'task' } });
    expect(oneShot.inheritedTokens).toBeGreaterThan(0);
    // DeepSeek reads whole 128-token units of what it shares: the head and the inherited history, less the last partial unit.
    expect(oneShot.reused).toBeGreaterThan(oneShot.headTokens);
    expect(oneShot.reused).toBeGreaterThan(oneShot.headTokens + oneShot.inheritedTokens - 128);
  });

  it('a continuable fork child loses everything after its head breaks at the report tool and its tool:report section', () => {
    const continuable = child('session.2.jsonl');
    expect(continuable).toMatchObject({ provider: 'fork', continuable: true, break: { where: 'head', cause: 'report-tool', about: 'report', name: 'tool:report' } });
    expect(continuable.reused).toBeLessThan(continuable.headTokens / 5);
    expect(continuable.lost).toBeGreaterThan(continuable.inheritedTokens);
    expect(continuable.verdict).toContain('inherited history tokens among them');
  });

  it('a spawn child reuses the head only; a spawn with a persona loses at deployment:persona', () => {
    const spawn = child('session.3.jsonl');
    expect(spawn).toMatchObject({ provider: 'spawn', inheritedTokens: 0, break: { where: 'own', cause: 'task' } });
    expect(spawn.reused).toBeGreaterThan(spawn.headTokens - 128);
    expect(spawn.reused).toBeLessThanOrEqual(spawn.headTokens);
    const persona = child('session.4.jsonl');
    expect(persona).toMatchObject({ provider: 'spawn', tool: 'subagent_reviewer', break: { where: 'head', name: 'deployment:persona' } });
    expect(persona.reused).toBeLessThan(128 * 2);
  });

  it('writes the HTML prefix map where -o says, with one bar per request of the tree', () => {
    expect(analysis.html).toBe(path.join(json.cwd, 'page.html'));
    const page = readFileSync(analysis.html, 'utf8');
    expect(page.startsWith('<!doctype html>')).toBe(true);
    const requests = analysis.tree.sessions.reduce((total, session) => total + session.requests.length, 0);
    // The parent's own requests, then one first request per child (each child answers in one step).
    expect(requests).toBe(analysis.parent.requests + analysis.children.length);
    const [tree] = readEmbeddedPageData(page);
    expect(tree!.sessions.map((session) => session.session)).toEqual(analysis.tree.sessions.map((session) => session.id));
    // Children are labelled by their task, as the text names them.
    expect(tree!.sessions.slice(1).map((session) => session.label)).toEqual(analysis.children.map((child) => expect.stringContaining(child.description!)));
  });

  it('with --json and no -o writes no page: stdout carries the analysis, html is null', async () => {
    const { code, cwd, out } = await demo('--json');
    expect(code).toBe(EXIT.ok);
    expect(readdirSync(cwd)).toEqual([]);
    expect((JSON.parse(out) as { html: unknown }).html).toBeNull();
  });

  it('prints the analysis per child and the path of the page, written to kvprefix-demo.html in the working directory by default', async () => {
    const { code, cwd, out } = await demo();
    expect(code).toBe(EXIT.ok);
    const page = path.join(cwd, 'kvprefix-demo.html');
    expect(existsSync(page)).toBe(true);
    expect(out.trimEnd().endsWith(`HTML prefix map: ${page}`)).toBe(true);
    expect(out.match(/^\d\. session\.\d\.jsonl/gm)).toHaveLength(4);
    expect(out).toMatch(/→ reuses the head and its [\d,]+ inherited history tokens; prefills only its own [\d,]+/);
    expect(out).toContain("breaks in its head at system 'tool:report' (report), cause report-tool");
    expect(out).toContain("breaks at its own task 'message[3]:user', cause task");
    expect(out).toMatch(/→ reuses the head only/);
    expect(out).toContain("breaks in its head at system 'deployment:persona'");
  });

  it('takes no arguments', async () => {
    const { code, err } = await demo('examples/fork-parent.request.json');
    expect(code).toBe(EXIT.usage);
    expect(err).toContain('usage: kvprefix demo [-o FILE] [--format text|json] [--json]');
  });
});
