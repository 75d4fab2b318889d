import xxhash from 'xxhash-wasm';
import { beforeAll, expect, it } from 'vitest';
import { createRequest, hashHex, Segment } from '../src/prefix/index.js';
import { hashTextWithLength } from '../src/prefix/hash.js';
import { describeWithCorpus, readCorpusText } from './support/corpus.js';

const route = { provider: 'deepseek', model: 'deepseek-v4-flash' };
let prompt: string;

describeWithCorpus('dsh', 'segment hashing', () => {
  beforeAll(() => {
    prompt = readCorpusText('dsh/examples/acp-agent/tests/snapshots/text-turn/system-prompt.expected.md');
  });

  it('hashes the UTF-8 bytes with xxHash64, whether built from text or from bytes', async () => {
    const { h64Raw } = await xxhash();
    const bytes = new TextEncoder().encode(prompt);
    const fromText = new Segment({ kind: 'system', name: 'system', content: prompt }, 0n);
    const fromBytes = new Segment({ kind: 'system', name: 'system', content: bytes }, 0n);
    expect(fromText.hash).toBe(h64Raw(bytes));
    expect(fromBytes.hash).toBe(fromText.hash);
    expect(fromBytes.prefixHash).toBe(fromText.prefixHash);
    expect(fromText.byteLength).toBe(bytes.byteLength);
    expect(fromBytes.text).toBe(prompt);
    expect(Buffer.from(fromText.bytes).equals(Buffer.from(bytes))).toBe(true);
  });

  it('built from text with the hash and length the caller measured, is the segment that hashed its text itself', () => {
    const hashed = new Segment({ kind: 'system', name: 'system', content: prompt }, 7n);
    const measured = new Segment({ kind: 'system', name: 'system', content: prompt, measured: hashTextWithLength(prompt) }, 7n);
    expect([measured.hash, measured.prefixHash, measured.byteLength, measured.text]).toEqual([hashed.hash, hashed.prefixHash, hashed.byteLength, hashed.text]);
  });

  it('chains prefix hashes so that equal k-th prefix hashes mean equal first k segments', () => {
    const inputs = ['a', 'b', 'c'].map((content) => ({ kind: 'message' as const, name: content, content }));
    const one = createRequest(route, 'chat', inputs);
    const two = createRequest(route, 'chat', [inputs[0]!, { ...inputs[1]!, content: 'B' }, inputs[2]!]);
    expect(one.segments[0]!.prefixHash).toBe(two.segments[0]!.prefixHash);
    expect(one.segments[1]!.prefixHash).not.toBe(two.segments[1]!.prefixHash);
    // The third segment is identical, but its chain carries the earlier difference.
    expect(one.segments[2]!.hash).toBe(two.segments[2]!.hash);
    expect(one.segments[2]!.prefixHash).not.toBe(two.segments[2]!.prefixHash);
  });

  it('seeds the chain with the route, so the same bytes on another model share no prefix hash', () => {
    const inputs = [{ kind: 'system' as const, name: 's', content: prompt }];
    const flash = createRequest(route, 'chat', inputs);
    const pro = createRequest({ ...route, model: 'deepseek-v4-pro' }, 'chat', inputs);
    const salted = createRequest({ ...route, salt: 'tenant-a' }, 'chat', inputs);
    expect(flash.segments[0]!.hash).toBe(pro.segments[0]!.hash);
    expect(new Set([flash, pro, salted].map((request) => request.segments[0]!.prefixHash)).size).toBe(3);
  });

  it('serialises to JSON with hex hashes and the byte length, not the bytes', () => {
    const segment = new Segment({ kind: 'tool', name: 'bash', content: '{"name":"bash"}' }, 0n);
    expect(JSON.parse(JSON.stringify(segment))).toEqual({ kind: 'tool', name: 'bash', bytes: 15, hash: hashHex(segment.hash), prefixHash: hashHex(segment.prefixHash) });
  });
});

describeWithCorpus('dsh', 'hashing long text', () => {
  beforeAll(() => {
    prompt = readCorpusText('dsh/examples/acp-agent/tests/snapshots/text-turn/system-prompt.expected.md');
  });

  it('streams text longer than one encoding chunk, including a surrogate pair on the chunk edge, to the same hash and length as its bytes', async () => {
    const { h64Raw } = await xxhash();
    // 64 Ki chars is the chunk size: put an emoji across the first edge, and CJK after it.
    const text = `${'a'.repeat(64 * 1024 - 1)}😀${'漢字'.repeat(50_000)}${prompt}`;
    const bytes = new TextEncoder().encode(text);
    const segment = new Segment({ kind: 'message', name: 'long', content: text }, 0n);
    expect(segment.hash).toBe(h64Raw(bytes));
    expect(segment.byteLength).toBe(bytes.byteLength);
  });
});
