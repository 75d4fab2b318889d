import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { analyzeDshSessionTree, DeepSeekV4Tokenizer } from '../src/analysis/index.js';
import { PrefixTokenCounter } from '../src/prefix/index.js';
import { corpusPath, describeWithCorpus } from './support/corpus.js';

/*
 * How the recorded hook scenarios sent a hook's context message. In July 2026 DSH logged it as a
 * `context/message` event, and its session sent that event as a user message whose content was the
 * tagged envelope: a text block `<context source="…">`, the content, a text block `</context>`
 * (`source` is the JSON string of the source's kind; `renderTagged` in
 * packages/core/session/src/index.ts of deepseek-harness at the recording commits).
 * `dsh-as-recorded/<scenario>/current-shape` converts that event to the `user/message` today's DSH
 * writes, with the envelope blocks in its content, because today's DSH sends a `user/message` as
 * logged. Read as they are, those logs give the totals the server counted: exact after the user's
 * prompt, one token short after a tool result. Stripped of the envelope, the same logs fall 8 and 9
 * tokens short: the envelope is what the server counted beyond the text.
 */

const SCENARIOS = ['hook-cc-promptsubmit-context', 'hook-codex-promptsubmit-context', 'hook-cc-posttool-context', 'hook-codex-posttool-context'];

interface TextBlock {
  readonly type: string;
  readonly text?: string;
}

interface LogEvent {
  readonly type: string;
  readonly seq?: number;
  readonly data?: { content?: TextBlock[]; source?: { kind: string } };
}

const events = (scenario: string, folder: 'original' | 'current-shape') =>
  readFileSync(corpusPath('dsh-as-recorded', scenario, folder, 'session.jsonl'), 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as LogEvent);

/** Seqs of the events the recording logged as `context/message`. */
const contextSeqs = (scenario: string) => new Set(events(scenario, 'original').filter((event) => event.type === 'context/message').map((event) => event.seq));

/** The current-shape log with each converted context message's envelope blocks taken out again. */
function withoutEnvelope(scenario: string): { log: string; stripped: number } {
  const seqs = contextSeqs(scenario);
  let stripped = 0;
  const lines = readFileSync(corpusPath('dsh-as-recorded', scenario, 'current-shape', 'session.jsonl'), 'utf8').split('\n').filter(Boolean).map((line) => {
    const event = JSON.parse(line) as LogEvent;
    if (event.type !== 'user/message' || !seqs.has(event.seq) || !event.data?.content) return line;
    event.data.content = event.data.content.slice(1, -1);
    stripped++;
    return JSON.stringify(event);
  });
  return { log: `${lines.join('\n')}\n`, stripped };
}

describeWithCorpus('dsh-as-recorded', 'a hook context message as the recording sent it', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'kvprefix-hook-envelope-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const counter = new PrefixTokenCounter(new DeepSeekV4Tokenizer());

  async function misses(scenario: string): Promise<{ stripped: number; asLogged: number[]; withoutEnvelope: number[] }> {
    const { log, stripped } = withoutEnvelope(scenario);
    const target = path.join(folder, scenario);
    rmSync(target, { recursive: true, force: true });
    mkdirSync(target);
    writeFileSync(path.join(target, 'session.jsonl'), log);
    const miss = async (dir: string) => {
      const tree = await analyzeDshSessionTree(dir, { deepseekCounter: counter, calibrate: 'never' });
      return tree.sessions[0]!.requests.filter((request) => request.observed).map((request) => request.observed!.uncached + request.observed!.cacheRead - request.tokens);
    };
    return { stripped, asLogged: await miss(corpusPath('dsh-as-recorded', scenario, 'current-shape')), withoutEnvelope: await miss(target) };
  }

  it('is logged in the current shape with the envelope blocks around the hook\'s text, where the recording has a context/message', () => {
    for (const scenario of SCENARIOS) {
      const seqs = contextSeqs(scenario);
      expect(seqs.size, scenario).toBe(1);
      const original = events(scenario, 'original').find((event) => seqs.has(event.seq))!;
      const converted = events(scenario, 'current-shape').find((event) => seqs.has(event.seq))!;
      expect(converted.type, scenario).toBe('user/message');
      expect(converted.data!.content, scenario).toEqual([{ type: 'text', text: '<context source="plugin">' }, ...original.data!.content!, { type: 'text', text: '</context>' }]);
    }
  });

  it('after a prompt-submit hook: exact as logged, 8 tokens short without the envelope', async () => {
    for (const scenario of SCENARIOS.slice(0, 2)) {
      const result = await misses(scenario);
      expect(result.stripped, scenario).toBe(1);
      expect(result.asLogged, scenario).toEqual([0]);
      expect(result.withoutEnvelope, scenario).toEqual([8]);
    }
  }, 120_000);

  it('after a post-tool hook: the first request exact, the follow-up 1 token short as logged and 9 without the envelope', async () => {
    for (const scenario of SCENARIOS.slice(2)) {
      const result = await misses(scenario);
      expect(result.stripped, scenario).toBe(1);
      expect(result.asLogged, scenario).toEqual([0, 1]);
      expect(result.withoutEnvelope, scenario).toEqual([0, 9]);
    }
  }, 120_000);
});
