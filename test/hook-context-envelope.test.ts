import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { analyzeDshSessionTree, DeepSeekV4Tokenizer } from '../src/analysis/index.js';
import { PrefixTokenCounter } from '../src/prefix/index.js';
import { corpusPath, describeWithCorpus } from './support/corpus.js';

/*
 * How the recorded hook scenarios sent a hook's context message. In July 2026 DSH logged it as a
 * `context/message` event, and its session projected that event as a user message whose content
 * was the tagged envelope `<context source="…">`, the text, `</context>` (three text blocks; `source`
 * is the JSON string of the source's kind), and its DeepSeek adapter joined a user message's text
 * blocks with nothing between them (`renderTagged` in packages/core/session/src/index.ts and
 * `flattenText` in packages/llm/llm-deepseek/src/serialize.ts of deepseek-harness at the time).
 * `dsh-as-recorded/<scenario>/current-shape` converts that event to the `user/message` today's DSH writes,
 * whose content is sent as it stands, so the envelope is not in the log kvprefix reads and the
 * replay misses it. Put back where the recording has a `context/message`, the totals come out as
 * the server counted them: exact after the user's prompt, one token short after a tool result.
 */

const SCENARIOS = ['hook-cc-promptsubmit-context', 'hook-codex-promptsubmit-context', 'hook-cc-posttool-context', 'hook-codex-posttool-context'];

interface LogEvent {
  readonly type: string;
  readonly seq?: number;
  readonly data?: { content?: { type: string; text?: string }[]; source?: { kind: string } };
}

/** The current-shape log with each message the recording logged as `context/message` wrapped as DSH's session sent it then. */
function withRecordedEnvelope(scenario: string): { log: string; wrapped: number } {
  const original = readFileSync(corpusPath('dsh-as-recorded', scenario, 'original', 'session.jsonl'), 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as LogEvent);
  const contextSeqs = new Set(original.filter((event) => event.type === 'context/message').map((event) => event.seq));
  let wrapped = 0;
  const lines = readFileSync(corpusPath('dsh-as-recorded', scenario, 'current-shape', 'session.jsonl'), 'utf8').split('\n').filter(Boolean).map((line) => {
    const event = JSON.parse(line) as LogEvent;
    if (event.type !== 'user/message' || !contextSeqs.has(event.seq) || !event.data?.content) return line;
    const text = event.data.content.map((block) => block.text ?? '').join('');
    event.data.content = [{ type: 'text', text: `<context source=${JSON.stringify(event.data.source?.kind)}>${text}</context>` }];
    wrapped++;
    return JSON.stringify(event);
  });
  return { log: `${lines.join('\n')}\n`, wrapped };
}

describeWithCorpus('dsh-as-recorded', 'a hook context message as the recording sent it', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'kvprefix-hook-envelope-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const counter = new PrefixTokenCounter(new DeepSeekV4Tokenizer());

  async function misses(scenario: string): Promise<{ wrapped: number; bare: number[]; enveloped: number[] }> {
    const { log, wrapped } = withRecordedEnvelope(scenario);
    const target = path.join(folder, scenario);
    rmSync(target, { recursive: true, force: true });
    mkdirSync(target);
    writeFileSync(path.join(target, 'session.jsonl'), log);
    const miss = async (dir: string) => {
      const tree = await analyzeDshSessionTree(dir, { deepseekCounter: counter, calibrate: 'never' });
      return tree.sessions[0]!.requests.filter((request) => request.observed).map((request) => request.observed!.uncached + request.observed!.cacheRead - request.tokens);
    };
    return { wrapped, bare: await miss(corpusPath('dsh-as-recorded', scenario, 'current-shape')), enveloped: await miss(target) };
  }

  it('after a prompt-submit hook: 8 tokens short as today\'s shape reads it, exact with the envelope', async () => {
    for (const scenario of SCENARIOS.slice(0, 2)) {
      const { wrapped, bare, enveloped } = await misses(scenario);
      expect(wrapped, scenario).toBe(1);
      expect(bare, scenario).toEqual([8]);
      expect(enveloped, scenario).toEqual([0]);
    }
  }, 120_000);

  it('after a post-tool hook: the first request exact, the follow-up 9 tokens short without the envelope and 1 with it', async () => {
    for (const scenario of SCENARIOS.slice(2)) {
      const { wrapped, bare, enveloped } = await misses(scenario);
      expect(wrapped, scenario).toBe(1);
      expect(bare, scenario).toEqual([0, 9]);
      expect(enveloped, scenario).toEqual([0, 1]);
    }
  }, 120_000);
});
