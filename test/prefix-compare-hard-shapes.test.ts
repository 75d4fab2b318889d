import o200k from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { comparePrefix, getTokenizer, renderRequest, type PrefixRequest, type RequestParts } from '../src/prefix/index.js';

/*
 * Issue 7 §2, input that is hard, not wrong: the shapes of the compare-prefix-hard-input bench at
 * sizes gpt-tokenizer itself can still tokenize whole (its merge is quadratic in a pre-token's
 * length, and it overflows the stack on a pre-token of a few hundred thousand tokens). comparePrefix
 * must count exactly what tokenizing each whole request text counts, and the common prefix must be
 * the leading tokens the two whole tokenizations share.
 */
const route = { provider: 'openai', model: 'gpt-4o' };
const NO_SPECIAL = { allowedSpecial: new Set<string>(), disallowedSpecial: new Set<string>() };
const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

function randomText(alphabet: string, length: number, seed: number): string {
  let state = seed;
  return Array.from({ length }, () => alphabet[(state = (Math.imul(state, 1103515245) + 12345) >>> 0) % alphabet.length]).join('');
}

const oneMessage = (content: string): RequestParts => ({ system: [], tools: [], messages: [{ name: 'message[0]:user', role: 'user', wire: { role: 'user', content } }] });

function base64Messages(perMessage: number, edit: (index: number, text: string) => string): RequestParts {
  const messages = Array.from({ length: 50 }, (_, index) => {
    const role = index % 2 === 0 ? 'user' : 'assistant';
    return { name: `message[${index}]:${role}`, role, wire: { role, content: edit(index, randomText(BASE64, perMessage, index + 1)) } };
  });
  return { system: [{ name: 'system[0]', text: 'Describe the attached files.' }], tools: [], messages };
}

function emojiParts(count: number, last: string): RequestParts {
  const part = ` ${'😀🎉🚀✨'.repeat(25)}`;
  return { system: Array.from({ length: count }, (_, index) => ({ name: `system[0].content[${index}]`, text: index === count - 1 ? part + last : part })), tools: [], messages: [] };
}

const camel = Array.from({ length: 12_000 }, (_, index) => ['Foo', 'Bar', 'Widget', 'HTTP', 'Json', 'X'][(index * 7) % 6]).join('');

// [shape, parent, child]: one pre-token shapes at 6 KB (the library's quadratic merge), the others at 100 KB.
const shapes: [string, RequestParts, RequestParts][] = [
  ['base64 in 50 messages, differing near the end', base64Messages(2_000, (index, text) => (index === 49 ? `${text}A` : text)), base64Messages(2_000, (index, text) => (index === 49 ? `${text}B` : text))],
  ['base64 in 50 messages, differing near the start', base64Messages(2_000, (index, text) => (index === 0 ? `A${text}` : text)), base64Messages(2_000, (index, text) => (index === 0 ? `B${text}` : text))],
  ['one letter repeated', oneMessage(`${'x'.repeat(6_000)}a`), oneMessage(`${'x'.repeat(6_000)}b`)],
  ['one letter repeated, the child shorter', oneMessage('x'.repeat(6_001)), oneMessage('x'.repeat(5_997))],
  ['spaces', oneMessage(`${' '.repeat(6_000)}a`), oneMessage(`${' '.repeat(6_000)}b`)],
  ['line breaks', oneMessage(`${'\n'.repeat(6_000)}a`), oneMessage(`${'\n'.repeat(6_000)}b`)],
  ['one punctuation mark', oneMessage(`${'!'.repeat(6_000)}a`), oneMessage(`${'!'.repeat(6_000)}b`)],
  ['mixed punctuation', oneMessage(`${randomText('!#$%&()*+,-./:;<=>?@[]^_`{|}~', 6_000, 5)}a`), oneMessage(`${randomText('!#$%&()*+,-./:;<=>?@[]^_`{|}~', 6_000, 5)}b`)],
  ['one digit repeated', oneMessage(`${'7'.repeat(100_000)}1`), oneMessage(`${'7'.repeat(100_000)}2`)],
  ['random digits', oneMessage(`${randomText('0123456789', 100_000, 9)}1`), oneMessage(`${randomText('0123456789', 100_000, 9)}2`)],
  ['CamelCase without spaces', oneMessage(`${camel}a`), oneMessage(`${camel}b`)],
  ['emoji parts without anchors', emojiParts(250, '🔥'), emojiParts(250, '🌊')],
];

const text = (request: PrefixRequest) => request.segments.map((segment) => segment.text).join('');

describe('comparePrefix on hard input', () => {
  it.each(shapes)('%s: counts equal tokenizing each whole text, the common prefix their shared leading tokens', (_, parentParts, childParts) => {
    const parent = renderRequest(route, 'chat', parentParts);
    const child = renderRequest(route, 'chat', childParts);
    const result = comparePrefix(parent, child, { tokenizer: getTokenizer('o200k_base') });
    const parentTokens = o200k.encode(text(parent), NO_SPECIAL);
    const childTokens = o200k.encode(text(child), NO_SPECIAL);
    let common = 0;
    while (common < parentTokens.length && parentTokens[common] === childTokens[common]) common++;
    expect(result.parent.tokens).toBe(parentTokens.length);
    expect(result.child.tokens).toBe(childTokens.length);
    expect(result.commonPrefix.tokens).toBe(common);
  });
});
