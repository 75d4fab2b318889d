import type { RequestParts } from '../../src/prefix/index.js';
import type { RssReport } from './measure-rss.js';

/*
 * Input that is hard, not wrong (issue 7 §2), built to a size in bytes:
 *
 * - `emoji-parts`: a chat body whose system content is many text parts of emoji runs with no ASCII
 *   letters, each starting with a space, so the blank line that joins sections is followed by
 *   whitespace and no part holds a token anchor: the whole system text is one anchorless run.
 * - `base64-messages`: 50 messages of random base64 (a deterministic generator), the shape of
 *   images or files pasted into a conversation; BPE finds few long merges in it.
 * - `letter-run`: one message of one letter repeated: the whole content is one pre-token of 2 MB,
 *   which gpt-tokenizer's own loop merges in O(n²) and whose tokens it cannot append (stack overflow).
 * - `camel-case`: one message of CamelCase words without spaces or punctuation: short pre-tokens but
 *   no token anchor, so the whole content is one stretch that must be tokenized on both sides (the
 *   slowest of the long runs measured: digits, whitespace, line breaks, punctuation, CamelCase).
 *
 * The child differs from the parent only in its last few characters, the worst case for a
 * comparison: everything before is shared and must be counted.
 */
export const HARD_SHAPES = ['emoji-parts', 'base64-messages', 'letter-run', 'camel-case'] as const;
export type HardShape = (typeof HARD_SHAPES)[number];

const EMOJI_PART = ` ${'😀🎉🚀✨'.repeat(25)}`;
const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** A small linear congruential generator: the same "random" text on every run. */
function randomBase64(length: number, seed: number): string {
  let state = seed;
  const chars: string[] = new Array(length);
  for (let index = 0; index < length; index++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    chars[index] = BASE64[state >>> 26]!;
  }
  return chars.join('');
}

function emojiParts(bytes: number, ending: string): RequestParts {
  const count = Math.max(1, Math.round(bytes / Buffer.byteLength(EMOJI_PART)));
  const system = Array.from({ length: count }, (_, index) => ({ name: `system[0].content[${index}]`, text: index === count - 1 ? EMOJI_PART + ending : EMOJI_PART }));
  return { system, tools: [], messages: [{ name: 'message[1]:user', role: 'user', wire: { role: 'user', content: 'Which emoji comes last?' } }] };
}

function base64Messages(bytes: number, ending: string): RequestParts {
  const perMessage = Math.max(1, Math.round(bytes / 50));
  const messages = Array.from({ length: 50 }, (_, index) => {
    const role = index % 2 === 0 ? 'user' : 'assistant';
    const content = randomBase64(perMessage, index + 1) + (index === 49 ? ending : '');
    return { name: `message[${index}]:${role}`, role, wire: { role, content } };
  });
  return { system: [{ name: 'system[0]', text: 'Describe the attached files.' }], tools: [], messages };
}

function oneMessage(content: string): RequestParts {
  return { system: [], tools: [], messages: [{ name: 'message[0]:user', role: 'user', wire: { role: 'user', content } }] };
}

const CAMEL_WORDS = ['Foo', 'Bar', 'Baz', 'Quux', 'Widget', 'Factory', 'Manager', 'X', 'HTTP', 'Json'];

function letterRun(bytes: number, ending: string): RequestParts {
  return oneMessage('x'.repeat(bytes) + ending);
}

function camelCase(bytes: number, ending: string): RequestParts {
  const words: string[] = [];
  let state = 3;
  for (let length = 0; length < bytes; length += words[words.length - 1]!.length) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    words.push(CAMEL_WORDS[(state >>> 24) % CAMEL_WORDS.length]!);
  }
  return oneMessage(words.join('') + ending);
}

const BUILDERS = {
  'emoji-parts': { build: emojiParts, endings: ['🔥', '🌊'] },
  'base64-messages': { build: base64Messages, endings: ['🔥', '🌊'] },
  // Endings that continue the run: the difference sits inside the one long pre-token.
  'letter-run': { build: letterRun, endings: ['a', 'b'] },
  'camel-case': { build: camelCase, endings: ['a', 'b'] },
} as const satisfies Record<HardShape, { build: (bytes: number, ending: string) => RequestParts; endings: readonly [string, string] }>;

/** Parent and child request parts of a shape at about `bytes` bytes each. */
export function buildHardPair(shape: HardShape, bytes: number): { parent: RequestParts; child: RequestParts } {
  const { build, endings } = BUILDERS[shape];
  return { parent: build(bytes, endings[0]), child: build(bytes, endings[1]) };
}

/** What the hard-input memory child prints: its memory, and how long the one cold comparison took. */
export type HardInputReport = RssReport & { readonly elapsedMs: number; readonly cpuMs: number };
