import Anthropic from '@anthropic-ai/sdk';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { ROW_COLUMNS, ROW_SCHEMA_VERSION } from '../src/analysis/rows/index.js';
import { watchFetch } from '../src/analysis/watch/index.js';
import { bufferedIo, EXIT, runCli } from '../src/cli/index.js';
import { anthropicMessageEvents, cassetteInteractions, startReplayServer, type ReplayServer } from './support/cassette-server.js';
import { corpusPath, describeWithCorpus } from './support/corpus.js';

// `analyze --format jsonl` writes one flat row per request for every kind of input analyze reads,
// and the rows are the requests of `--json`: the same count, the same tokens and reads.

const CASSETTES = 'pydantic-ai-cache-cassettes/tests/models/cassettes';
const ANTHROPIC = 'test_anthropic/test_anthropic_cache_real_api.yaml';
const TRANSCRIPT = 'claude-code-sessions/test/test_data/real_projects/-src-deep-manifest/a7da6a22-facc-4fcd-8bab-f83c87862004.jsonl';
const DSH_SCENARIO = 'dsh/examples/acp-agent/tests/snapshots/subagent-fork-in-process';

const servers: ReplayServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

type Row = Record<string, unknown>;
interface JsonRequest {
  tokens: number;
  predicted: { cacheRead: number };
  observed: { cacheRead: number } | null;
}

async function run(argv: string[]) {
  const io = bufferedIo(tmpdir());
  const code = await runCli(['analyze', ...argv], io);
  return { code, out: io.out.join(''), err: io.err.join('') };
}

/** The rows and the `--json` requests of one input. */
async function rowsAndJson(input: string) {
  const rows = await run([input, '--format', 'jsonl']);
  const json = await run([input, '--json']);
  expect({ code: rows.code, err: rows.err }).toEqual({ code: EXIT.ok, err: '' });
  expect(json.code).toBe(EXIT.ok);
  const requests = (JSON.parse(json.out) as { sessions: { requests: JsonRequest[] }[] }).sessions.flatMap((session) => session.requests);
  return { rows: rows.out.trimEnd().split('\n').map((line) => JSON.parse(line) as Row), requests };
}

/** A watch record of the two recorded Anthropic requests, sent through the official SDK. */
async function watchRecord(): Promise<string> {
  const interactions = cassetteInteractions(ANTHROPIC);
  const server = await startReplayServer((_body, index) =>
    index === 1 ? { contentType: 'text/event-stream', chunks: anthropicMessageEvents(interactions[1]!.response) } : { contentType: 'application/json', chunks: [JSON.stringify(interactions[index]!.response)] },
  );
  servers.push(server);
  const record = path.join(mkdtempSync(path.join(tmpdir(), 'kvprefix-rows-watch-')), 'run.jsonl');
  const watched = watchFetch(fetch, { provider: 'anthropic', record });
  const client = new Anthropic({ apiKey: 'test-key', baseURL: server.url, fetch: watched, maxRetries: 0 });
  await client.messages.create(interactions[0]!.request as never);
  await (await client.messages.create({ ...(interactions[1]!.request as object), stream: true } as never).asResponse()).arrayBuffer();
  await watched.flush();
  expect(readFileSync(record, 'utf8').trim().split('\n')).toHaveLength(2);
  return record;
}

function expectRowsOf(rows: readonly Row[], requests: readonly JsonRequest[], host: string) {
  expect(rows.length).toBeGreaterThan(0);
  expect(rows).toHaveLength(requests.length);
  for (const row of rows) {
    expect(Object.keys(row)).toEqual([...ROW_COLUMNS]);
    expect(row['schema']).toBe(ROW_SCHEMA_VERSION);
    expect(row['host']).toBe(host);
    // Flat: every value a string, number, boolean or null.
    for (const [column, value] of Object.entries(row)) expect(value === null || ['string', 'number', 'boolean'].includes(typeof value), `${column}: ${JSON.stringify(value)}`).toBe(true);
  }
  const sum = (values: readonly (number | null | undefined)[]) => values.reduce<number>((total, value) => total + (value ?? 0), 0);
  expect(sum(rows.map((row) => row['tokens'] as number))).toBe(sum(requests.map((request) => request.tokens)));
  expect(sum(rows.map((row) => row['predicted_cache_read'] as number))).toBe(sum(requests.map((request) => request.predicted.cacheRead)));
  expect(rows.map((row) => row['observed_cache_read'])).toEqual(requests.map((request) => request.observed?.cacheRead ?? null));
}

describeWithCorpus(['claude-code-sessions', 'dsh', 'pydantic-ai-cache-cassettes'], 'analyze --format jsonl reads every kind of input analyze reads', () => {
  it('a Claude Code transcript: one row per API call, host claude-code, its project the session\'s working directory', async () => {
    const { rows, requests } = await rowsAndJson(corpusPath(TRANSCRIPT));
    expectRowsOf(rows, requests, 'claude-code');
    expect(new Set(rows.map((row) => row['project']))).toEqual(new Set(['/src/deep-manifest']));
    expect(rows.every((row) => typeof row['time'] === 'string' && !Number.isNaN(Date.parse(row['time'] as string)))).toBe(true);
  });

  it('a DSH scenario folder: one row per request of the parent and its children, host dsh, children naming their parent', async () => {
    const { rows, requests } = await rowsAndJson(corpusPath(DSH_SCENARIO));
    expectRowsOf(rows, requests, 'dsh');
    expect(rows.some((row) => row['parent_session'] !== null && row['root_session'] === row['parent_session'])).toBe(true);
    expect(new Set(rows.map((row) => row['policy']))).toEqual(new Set(['deepseek']));
  });

  it('a watch record written by watchFetch under the Anthropic SDK: host watch, the observed reads as the responses gave them', async () => {
    const { rows, requests } = await rowsAndJson(await watchRecord());
    expectRowsOf(rows, requests, 'watch');
    expect(rows.map((row) => row['observed_cache_read'])).toEqual([1111, 1111]);
    expect(rows.map((row) => row['observed_cache_write'])).toEqual([0, 418]);
  });

  it('a recorded cassette of request bodies: host bodies', async () => {
    const { rows, requests } = await rowsAndJson(corpusPath(CASSETTES, ANTHROPIC));
    expectRowsOf(rows, requests, 'bodies');
    expect(rows.every((row) => row['provider'] === 'anthropic')).toBe(true);
  });
});
