import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { bufferedIo, EXIT, runCli } from '../src/cli/index.js';
import { corpusPath, describeWithCorpus } from './support/corpus.js';

// `kvprefix analyze` with no path reads Claude Code's projects folder ($CLAUDE_CONFIG_DIR/projects):
// every project, every session, with observed totals equal to the transcripts' own usage.
const PROJECTS = 'claude-code-sessions/test/test_data/real_projects';

interface Usage {
  uncached: number;
  cacheRead: number;
  cacheWrite: number;
  output: number;
}

/** Every `.jsonl` under a folder, at any depth (subagents included). */
function transcripts(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const file = path.join(folder, name);
    if (statSync(file).isDirectory()) return transcripts(file);
    return name.endsWith('.jsonl') ? [file] : [];
  });
}

/** The straightforward sum: every assistant line's usage, counted once per message id and request id across all files. */
function deduplicatedUsage(folder: string): Usage & { calls: number } {
  const calls = new Map<string, Usage>();
  for (const file of transcripts(folder)) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (!line.includes('"assistant"')) continue;
      const entry = JSON.parse(line) as { type?: string; requestId?: string; message?: { id?: string; usage?: Record<string, number | null> } };
      const usage = entry.message?.usage;
      if (entry.type !== 'assistant' || usage === undefined) continue;
      calls.set(`${entry.message!.id}\u0000${entry.requestId ?? ''}`, {
        uncached: usage['input_tokens'] ?? 0,
        cacheRead: usage['cache_read_input_tokens'] ?? 0,
        cacheWrite: usage['cache_creation_input_tokens'] ?? 0,
        output: usage['output_tokens'] ?? 0,
      });
    }
  }
  const sum = { uncached: 0, cacheRead: 0, cacheWrite: 0, output: 0, calls: calls.size };
  for (const usage of calls.values()) {
    sum.uncached += usage.uncached;
    sum.cacheRead += usage.cacheRead;
    sum.cacheWrite += usage.cacheWrite;
  }
  return sum;
}

/** Every folder the tests laid out, removed when they are done (each holds a copy of corpus transcripts). */
const laidOut: string[] = [];
afterAll(() => laidOut.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

/** A Claude Code configuration folder holding the given corpus projects, laid out as `~/.claude/projects`. */
function configFolder(projects?: readonly string[]): string {
  const config = mkdtempSync(path.join(tmpdir(), 'kvprefix-claude-config-'));
  laidOut.push(config);
  for (const name of projects ?? readdirSync(corpusPath(PROJECTS))) cpSync(corpusPath(PROJECTS, name), path.join(config, 'projects', name), { recursive: true });
  return config;
}

async function analyzeJson(argv: string[]) {
  const io = bufferedIo(tmpdir());
  const code = await runCli(['analyze', '--json', ...argv], io);
  return { code, err: io.err.join(''), result: JSON.parse(io.out.join('') || 'null') };
}

type Request = { time: string; predicted: { uncached: number; cacheWrite: number }; observed: { uncached: number; cacheRead: number; cacheWrite: number; output: number } | null };
const requestsOf = (result: { sessions: { requests: Request[] }[] }) => result.sessions.flatMap((session) => session.requests);

afterEach(() => void vi.unstubAllEnvs());

describeWithCorpus('claude-code-sessions', 'kvprefix analyze with no path reads the Claude Code projects folder', () => {
  let config: string;
  beforeAll(() => void (config = configFolder()));

  it('reads every project of $CLAUDE_CONFIG_DIR/projects, names the folder, and its observed totals equal the deduplicated sum of the transcripts', async () => {
    vi.stubEnv('CLAUDE_CONFIG_DIR', config);
    const { code, err, result } = await analyzeJson([]);
    expect({ code, err }).toEqual({ code: EXIT.ok, err: '' });
    expect(result.source.folders).toEqual([path.join(config, 'projects')]);
    const expected = deduplicatedUsage(path.join(config, 'projects'));
    expect(result.totals.observed).toMatchObject({ requests: expected.calls, uncached: expected.uncached, cacheRead: expected.cacheRead, cacheWrite: expected.cacheWrite });
    // Every project is there, by the name its transcripts give.
    expect(new Set(result.trees.map((tree: { project: string }) => tree.project))).toEqual(
      new Set(['/Users/dain/workspace/claude-code-log', '/Users/dain/workspace/danieldemmel.me-next', '/Users/dain/workspace/coderabbit-review-helper', '/src/deep-manifest', '/src/experiments/claude_p']),
    );
    // The by-cause summary accounts for every predicted uncached and written token, overall and per tree.
    const lost = (rows: { tokens: number }[]) => rows.reduce((sum, row) => sum + row.tokens, 0);
    expect(lost(result.byCause)).toBe(result.totals.predicted.uncached + result.totals.predicted.cacheWrite);
    expect(lost(result.byCause)).toBe(requestsOf(result).reduce((sum, request) => sum + request.predicted.uncached + request.predicted.cacheWrite, 0));
    for (const tree of result.trees) expect(lost(tree.byCause)).toBe(tree.totals.predicted.uncached + tree.totals.predicted.cacheWrite);
    expect(result.byCause.map((row: { cause: string }) => row.cause)).toEqual(expect.arrayContaining(['idle-gap', 'cold-first', 'cold-subagent', 'new-content']));
    // Without --segments no request carries a segment list.
    expect(requestsOf(result).some((request) => 'segments' in request)).toBe(false);
  }, 300_000);

  it('a comma-separated CLAUDE_CONFIG_DIR reads every folder in it (named in code-unit order), and a folder without projects is an input error naming it', async () => {
    const second = configFolder(['-src-experiments-claude_p']);
    const first = configFolder(['-src-deep-manifest']);
    vi.stubEnv('CLAUDE_CONFIG_DIR', `${first},${second}`);
    const { code, result } = await analyzeJson([]);
    expect(code).toBe(EXIT.ok);
    expect(result.source.folders).toEqual([path.join(first, 'projects'), path.join(second, 'projects')].sort());
    expect(new Set(result.trees.map((tree: { project: string }) => tree.project))).toEqual(new Set(['/src/deep-manifest', '/src/experiments/claude_p']));
    vi.stubEnv('CLAUDE_CONFIG_DIR', path.join(first, 'nowhere'));
    const missing = await analyzeJson([]);
    expect(missing.code).toBe(EXIT.input);
    expect(missing.err).toContain(path.join(first, 'nowhere', 'projects'));
  }, 300_000);
});

describeWithCorpus('claude-code-sessions', 'kvprefix analyze --by day, --since and --project', () => {
  let config: string;
  beforeAll(() => void (config = configFolder(['-src-deep-manifest', '-src-experiments-claude_p'])));

  it('--by day groups every request by its day in --timezone, and the rows add up to the totals', async () => {
    vi.stubEnv('CLAUDE_CONFIG_DIR', config);
    const { code, result } = await analyzeJson(['--by', 'day', '--timezone', 'Pacific/Auckland']);
    expect(code).toBe(EXIT.ok);
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Auckland', year: 'numeric', month: '2-digit', day: '2-digit' });
    const expected = new Map<string, { requests: number; input: number; read: number }>();
    for (const request of requestsOf(result)) {
      const key = day.format(new Date(request.time));
      const row = expected.get(key) ?? { requests: 0, input: 0, read: 0 };
      row.requests++;
      row.input += request.observed?.uncached ?? 0;
      row.read += request.observed?.cacheRead ?? 0;
      expected.set(key, row);
    }
    expect(result.rollUp.by).toBe('day');
    const rows = result.rollUp.rows.map((row: { key: string; requests: number; input: number; observed: { cacheRead: number } }) => [row.key, { requests: row.requests, input: row.input, read: row.observed.cacheRead }]);
    expect(rows).toEqual([...expected].sort(([a], [b]) => a.localeCompare(b)));
    expect(result.rollUp.rows.reduce((sum: number, row: { requests: number }) => sum + row.requests, 0)).toBe(result.totals.requests);
  }, 300_000);

  it('--since keeps exactly the requests from that local day on; --project keeps one project', async () => {
    vi.stubEnv('CLAUDE_CONFIG_DIR', config);
    const all = requestsOf((await analyzeJson(['--timezone', 'UTC'])).result);
    const days = [...new Set(all.map((request) => request.time.slice(0, 10)))].sort();
    expect(days.length).toBeGreaterThan(1);
    const since = days.at(-1)!;
    const { code, result } = await analyzeJson(['--since', since, '--timezone', 'UTC']);
    expect(code).toBe(EXIT.ok);
    const kept = requestsOf(result);
    expect(kept.length).toBe(all.filter((request) => request.time >= `${since}T00:00:00.000Z`).length);
    expect(kept.every((request) => request.time >= `${since}T00:00:00.000Z`)).toBe(true);
    expect(result.source.window).toEqual({ since: `${since}T00:00:00.000Z`, until: null, timeZone: 'UTC' });
    const until = await analyzeJson(['--until', days[0]!, '--timezone', 'UTC']);
    expect(requestsOf(until.result).every((request) => request.time.slice(0, 10) === days[0])).toBe(true);
    const project = await analyzeJson(['--project', 'claude_p']);
    expect(project.result.trees.map((tree: { project: string }) => tree.project)).toEqual(expect.arrayContaining(['/src/experiments/claude_p']));
    expect(project.result.trees.every((tree: { project: string }) => tree.project === '/src/experiments/claude_p')).toBe(true);
  }, 300_000);
});
