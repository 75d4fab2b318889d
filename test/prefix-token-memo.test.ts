import { beforeAll, expect, it } from 'vitest';
import { comparePrefix, getTokenizer, PrefixTokenCounter, renderRequest, type MessagePart, type RequestParts, type Tokenizer } from '../src/prefix/index.js';
import { toolSchemaToChatWire } from '../src/providers/session/index.js';
import { describeWithCorpus, readCorpusText } from './support/corpus.js';
import { readPin } from './support/runtime-corpus.js';

// Issue 2: token counts are memoised by segment hash, so a segment seen once is never tokenized
// whole again (the memo is what makes a warm comparison cheap). A tokenizer that records how much
// text it was handed shows what a comparison actually tokenizes.

/** o200k_base, recording the length of every text it tokenizes. */
function recordingTokenizer(): { tokenizer: Tokenizer; seen: number[] } {
  const inner = getTokenizer('o200k_base');
  const seen: number[] = [];
  return {
    seen,
    tokenizer: {
      name: inner.name,
      encode: (text) => (seen.push(text.length), inner.encode(text)),
      count: (text) => (seen.push(text.length), inner.count(text)),
    },
  };
}

const route = { provider: 'deepseek', model: 'deepseek-v4-flash' };
let pin: ReturnType<typeof readPin>;
let catalog: string;
const user = (name: string, content: string): MessagePart => ({ name, role: 'user', wire: { role: 'user', content } });
const assistant = (name: string, content: string): MessagePart => ({ name, role: 'assistant', wire: { role: 'assistant', content } });

/** The DSH text-turn head and a long real history (the tool catalog, cut into messages), then `task`. */
function parts(task: string): RequestParts {
  const chunks = catalog.match(/[\s\S]{1,6000}/g)!.slice(0, 12);
  return {
    system: [{ name: 'system', text: pin.system }],
    tools: pin.tools.map((tool) => ({ name: tool.name, schema: toolSchemaToChatWire(tool) })),
    messages: [...chunks.map((chunk, index) => (index % 2 === 0 ? user(`m${index}`, chunk) : assistant(`m${index}`, chunk))), user('task', task)],
  };
}

const total = (lengths: readonly number[]) => lengths.reduce((sum, length) => sum + length, 0);

describeWithCorpus('dsh', 'token counts are memoised by segment hash', () => {
  beforeAll(() => {
    pin = readPin('text-turn');
    catalog = readCorpusText('dsh/docs/tool-catalog.md');
  });

  it('a warm comparison that differs only in the last message tokenizes a few hundred characters, not the request', () => {
    const { tokenizer, seen } = recordingTokenizer();
    const counter = new PrefixTokenCounter(tokenizer);
    const parent = renderRequest(route, 'chat', parts('Summarise the tool catalog in one sentence.'));
    const requestChars = parent.segments.reduce((sum, segment) => sum + segment.text.length, 0);
    expect(requestChars).toBeGreaterThan(80_000);

    // Cold: every segment is tokenized once.
    const cold = comparePrefix(parent, renderRequest(route, 'chat', parts('List the tools that write files.')), { counter });
    expect(total(seen)).toBeGreaterThanOrEqual(requestChars);
    expect(counter.profiledSegments).toBe(parent.segments.length + 1);

    // Warm: a third child with another task. Only its new segment and the text around the
    // divergence are tokenized; the 20 head segments and 12 history messages come from the memo.
    seen.length = 0;
    const taskText = 'Which tools can run in the background?';
    const warm = comparePrefix(parent, renderRequest(route, 'chat', parts(taskText)), { counter });
    expect(counter.profiledSegments).toBe(parent.segments.length + 2);
    const newSegmentChars = JSON.stringify({ role: 'user', content: taskText }).length;
    expect(total(seen)).toBeLessThan(newSegmentChars + 400);

    // And the memo changes no count: both comparisons equal a fresh, unmemoised one.
    for (const [result, task] of [[cold, 'List the tools that write files.'], [warm, taskText]] as const) {
      const fresh = comparePrefix(parent, renderRequest(route, 'chat', parts(task)), { counter: new PrefixTokenCounter(getTokenizer('o200k_base')) });
      expect(result.commonPrefix).toEqual(fresh.commonPrefix);
      expect(result.child.tokens).toBe(fresh.child.tokens);
    }
  });

  it('a segment with bytes seen before is not tokenized again, wherever it appears', () => {
    const { tokenizer, seen } = recordingTokenizer();
    const counter = new PrefixTokenCounter(tokenizer);
    const request = renderRequest(route, 'chat', parts('task'));
    const schema = request.segments.find((segment) => segment.kind === 'tool' && segment.name === 'bash')!;
    counter.segmentTokens(schema);
    const after = seen.length;
    // The same schema bytes on another route and as the only tool: same hash, same profile.
    const elsewhere = renderRequest({ provider: 'openai', model: 'gpt-4o' }, 'chat', { system: [], tools: [{ name: 'bash', schema: toolSchemaToChatWire(pin.tools[0]!) }], messages: [] });
    expect(elsewhere.segments[0]!.hash).toBe(schema.hash);
    expect(counter.segmentTokens(elsewhere.segments[0]!)).toBe(counter.segmentTokens(schema));
    expect(seen.length).toBe(after);
    expect(counter.profiledSegments).toBe(1);
  });
});
