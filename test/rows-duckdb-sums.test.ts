import { DuckDBInstance } from '@duckdb/node-api';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { bufferedIo, EXIT, runCli } from '../src/cli/index.js';
import { corpusPath, describeWithCorpus } from './support/corpus.js';

// The rows of the corpus's Claude Code projects load into DuckDB as they are (`read_json_auto`),
// and what DuckDB sums from them is what `--json` totals: requests, tokens, predicted and observed
// reads, observed cost, and the loss by cause of "where the cache went".

const PROJECTS = 'claude-code-sessions/test/test_data/real_projects';

interface JsonReport {
  totals: { requests: number; tokens: number; predicted: { cacheRead: number }; observed: { cacheRead: number; requests: number }; cost: { observed: number } };
  byCause: { cause: string; requests: number; tokens: number; cost: number }[];
  sessions: { requests: { divergence: { cause: string } | null }[] }[];
}

let config: string;
beforeAll(() => {
  config = mkdtempSync(path.join(tmpdir(), 'kvprefix-rows-duckdb-'));
  for (const name of readdirSync(corpusPath(PROJECTS))) cpSync(corpusPath(PROJECTS, name), path.join(config, 'projects', name), { recursive: true });
});
afterAll(() => rmSync(config, { recursive: true, force: true }));
afterEach(() => void vi.unstubAllEnvs());

async function analyze(argv: string[]) {
  vi.stubEnv('CLAUDE_CONFIG_DIR', config);
  const io = bufferedIo(config);
  const code = await runCli(['analyze', ...argv], io);
  return { code, out: io.out.join(''), err: io.err.join('') };
}

/** Runs one query over the rows file and returns its rows as objects, big integers as numbers. */
async function query(sql: string): Promise<Record<string, unknown>[]> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    const reader = await connection.runAndReadAll(sql);
    return reader.getRowObjects().map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, typeof value === 'bigint' ? Number(value) : value])));
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

describeWithCorpus('claude-code-sessions', 'rows of the corpus Claude Code projects in DuckDB', () => {
  it('DuckDB sums of the rows equal the --json totals (requests, tokens, predicted read, observed read, observed cost), and the rows name every cause the JSON names; every query of the README runs on them', async () => {
    const rows = await analyze(['--format', 'jsonl', '-o', 'rows.jsonl']);
    expect(rows).toEqual({ code: EXIT.ok, out: '', err: expect.stringContaining('no API call in it') });
    const json = await analyze(['--json']);
    expect(json.code).toBe(EXIT.ok);
    const report = JSON.parse(json.out) as JsonReport;
    const file = path.join(config, 'rows.jsonl').replaceAll("'", "''");

    const [sums] = await query(`
      SELECT count(*) AS requests, sum(tokens) AS tokens, sum(predicted_cache_read) AS predicted_read,
             sum(observed_cache_read) AS observed_read, count(observed_cache_read) AS observed_requests,
             sum(cost_observed) AS observed_cost, count(DISTINCT schema) AS schemas, min(schema) AS schema
      FROM read_json_auto('${file}')`);
    expect(sums).toMatchObject({
      requests: report.totals.requests,
      tokens: report.totals.tokens,
      predicted_read: report.totals.predicted.cacheRead,
      observed_read: report.totals.observed.cacheRead,
      observed_requests: report.totals.observed.requests,
      schemas: 1,
      schema: 1,
    });
    expect(sums!['observed_cost'] as number).toBeCloseTo(report.totals.cost.observed, 9);

    // "Where the cache went", by cause: requests that lost tokens, the tokens, their cost.
    const byCause = await query(`
      SELECT cause, count(*) AS requests, sum(lost_tokens) AS tokens, sum(cost_lost) AS cost
      FROM read_json_auto('${file}') WHERE lost_tokens > 0 GROUP BY cause ORDER BY cause`);
    const expected = [...report.byCause].sort((a, b) => a.cause.localeCompare(b.cause));
    expect(byCause.map(({ cause, requests, tokens }) => ({ cause, requests, tokens }))).toEqual(expected.map(({ cause, requests, tokens }) => ({ cause, requests, tokens })));
    byCause.forEach((row, at) => expect(row['cost'] as number).toBeCloseTo(expected[at]!.cost, 9));

    // The divergence causes the JSON names per request are named by the rows too.
    const divergences = await query(`SELECT DISTINCT divergence_cause AS cause FROM read_json_auto('${file}') WHERE divergence_cause IS NOT NULL`);
    const named = new Set(report.sessions.flatMap((session) => session.requests.flatMap((request) => (request.divergence ? [request.divergence.cause] : []))));
    expect(named.size).toBeGreaterThan(1);
    expect(new Set(divergences.map((row) => row['cause']))).toEqual(named);

    // Every query the README's "Rows for DuckDB" gives runs on these rows and answers something.
    const readme = readFileSync(path.resolve(import.meta.dirname, '../README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Rows for DuckDB'), readme.indexOf('\n## ', readme.indexOf('## Rows for DuckDB') + 1));
    const sql = /```sql\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
    const queries = sql.split(';').map((text) => text.trim()).filter((text) => text !== '');
    expect(queries).toHaveLength(5);
    for (const text of queries) {
      expect(text).toContain("read_json_auto('rows/*.jsonl')");
      expect((await query(text.replaceAll('rows/*.jsonl', file))).length, text).toBeGreaterThan(0);
    }
  }, 300_000);
});
