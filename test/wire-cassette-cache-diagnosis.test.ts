import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { readEmbeddedPageData } from '../src/analysis/index.js';
import { bufferedIo, runCli } from '../src/cli/index.js';

const SYSTEM = [{ type: 'text', text: 'You are a careful coding agent. '.repeat(300), cache_control: { type: 'ephemeral' } }];
const ASK = { role: 'user', content: 'Read the release script.' };

const interaction = (request: object, response: object) => ({ request: { method: 'POST', uri: 'https://api.anthropic.com/v1/messages', parsed_body: request }, response: { status: { code: 200 }, parsed_body: response } });
const usage = (read: number, write: number) => ({ input_tokens: 12, cache_read_input_tokens: read, cache_creation_input_tokens: write, output_tokens: 4 });
const message = (id: string, read: number, write: number, diagnostics: unknown) => ({ id, type: 'message', role: 'assistant', model: 'claude-sonnet-4-5', content: [{ type: 'text', text: 'ok' }], stop_reason: 'end_turn', usage: usage(read, write), diagnostics });

/**
 * Invented: no recorded exchange of the corpus carries a cache diagnosis. Request 1 only appends to
 * request 0 (kvprefix: extension, a read predicted), but the provider read nothing and says the tools
 * changed; request 2's diagnosis was still pending; request 3 did not ask, so its `diagnostics: null`
 * says nothing.
 */
const CASSETTE = {
  interactions: [
    interaction({ model: 'claude-sonnet-4-5', max_tokens: 8, system: SYSTEM, messages: [ASK], diagnostics: { previous_message_id: null } }, message('msg_0', 0, 2000, null)),
    interaction(
      { model: 'claude-sonnet-4-5', max_tokens: 8, system: SYSTEM, messages: [ASK, { role: 'assistant', content: 'ok' }, { role: 'user', content: 'And the tests.' }], diagnostics: { previous_message_id: 'msg_0' } },
      message('msg_1', 0, 2010, { cache_miss_reason: { type: 'tools_changed', cache_missed_input_tokens: 1500 } }),
    ),
    interaction(
      { model: 'claude-sonnet-4-5', max_tokens: 8, system: SYSTEM, messages: [ASK, { role: 'assistant', content: 'ok' }, { role: 'user', content: 'And the tests.' }, { role: 'assistant', content: 'ok' }, { role: 'user', content: 'Thanks.' }], diagnostics: { previous_message_id: 'msg_1' } },
      message('msg_2', 2010, 10, { cache_miss_reason: null }),
    ),
    interaction({ model: 'claude-sonnet-4-5', max_tokens: 8, system: SYSTEM, messages: [ASK] }, message('msg_3', 2000, 0, null)),
  ],
};

it("a cassette's recorded diagnoses are read beside the prediction: a disagreement shows both words, and the read it missed is a prediction miss with the provider's reason; a pending or unasked diagnosis is no word", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'kvprefix-diagnosis-'));
  writeFileSync(path.join(dir, 'run.json'), JSON.stringify(CASSETTE));
  const io = bufferedIo(dir);
  expect(await runCli(['analyze', 'run.json', '--json'], io)).toBe(0);
  const document = JSON.parse(io.out.join('')) as {
    sessions: { requests: { predicted: { cacheRead: number }; observed: { cacheMissReason?: unknown } }[] }[];
    accuracy: { causes: unknown };
  };
  const requests = document.sessions[0]!.requests;
  expect(requests.map((request) => request.observed.cacheMissReason)).toEqual([undefined, { type: 'tools_changed', cacheMissedInputTokens: 1500 }, undefined, undefined]);
  expect(requests[1]!.predicted.cacheRead).toBeGreaterThan(1024);
  expect(document.accuracy.causes).toEqual({
    compared: 1,
    agree: 0,
    disagreements: [{ session: 'run.json', index: 1, predicted: 'extension', server: { type: 'tools_changed', cacheMissedInputTokens: 1500 } }],
    notCompared: 0,
    explainedMisses: [{ session: 'run.json', index: 1, predictedRead: requests[1]!.predicted.cacheRead, observedRead: 0, predicted: 'extension', server: { type: 'tools_changed', cacheMissedInputTokens: 1500 } }],
  });

  for (const format of ['text', 'md']) {
    const report = bufferedIo(dir);
    expect(await runCli(['analyze', 'run.json', '--requests', '--format', format], report)).toBe(0);
    const out = report.out.join('');
    expect(out).toContain('extension* ≠ provider tools_changed (1,500 tokens missed)');
    expect(out).toContain("causes against the provider's own diagnosis: 0/1 agree; run.json #1: predicted extension, provider tools_changed (1,500 tokens missed)");
    expect(out).toContain(`prediction miss: run.json #1 predicted read ${requests[1]!.predicted.cacheRead.toLocaleString('en-US')}, read 0 (predicted cause extension); the provider says tools_changed (1,500 tokens missed)`);
  }
  expect(await runCli(['analyze', 'run.json', '--format', 'html', '-o', 'page.html'], bufferedIo(dir))).toBe(0);
  const page = readFileSync(path.join(dir, 'page.html'), 'utf8');
  expect(page).toContain('<section id="provider-diagnosis">');
  expect(page).toContain('run.json #1: predicted extension, provider tools_changed (1,500 tokens missed)');
  // The bar's break line carries the provider's word beside the cause.
  expect(readEmbeddedPageData(page)[0]!.rows[1]!.break).toMatchObject({ cause: 'extension', provider: '≠ provider tools_changed (1,500 tokens missed)' });
});
