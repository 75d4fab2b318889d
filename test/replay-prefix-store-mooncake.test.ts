import { expect, it } from 'vitest';
import { PrefixStore } from '../src/analysis/replay/prefix-store.js';
import { describeWithCorpus, readCorpusText } from './support/corpus.js';

// Mooncake's trace names each 512-token prefix block by an id shared by every request with that prefix.
const BLOCK_TOKENS = 512;
const route = { provider: 'vllm', model: 'mooncake' };

interface TraceRequest {
  readonly timestamp: number;
  readonly input_length: number;
  readonly hash_ids: readonly number[];
}

function naiveShared(a: readonly number[], b: readonly number[]): number {
  let count = 0;
  while (count < a.length && count < b.length && a[count] === b[count]) count++;
  return count;
}

describeWithCorpus('mooncake-traces', 'PrefixStore on the Mooncake conversation trace', () => {
  it('holds each distinct prefix block once and finds the same longest prefix as a naive scan', () => {
    const requests = readCorpusText('mooncake-traces/FAST25-release/traces/conversation_trace.jsonl')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .slice(0, 3000)
      .map((line) => JSON.parse(line) as TraceRequest);
    const store = new PrefixStore<number>({ maxEntriesPerRoute: 10_000 });
    let checked = 0;
    requests.forEach((request, index) => {
      const unitEnds = request.hash_ids.map((_, at) => Math.min((at + 1) * BLOCK_TOKENS, request.input_length));
      const time = request.timestamp / 1000;
      if (index % 15 === 0) {
        const best = Math.max(0, ...store.matches(route, { units: request.hash_ids }, time).map((match) => match.sharedUnits));
        const naive = Math.max(0, ...requests.slice(0, index).map((earlier) => naiveShared(earlier.hash_ids, request.hash_ids)));
        expect(best).toBe(naive);
        checked++;
      }
      store.add(route, { units: request.hash_ids, unitEnds, time, label: index });
    });
    expect(checked).toBe(200);
    const distinct = new Set(requests.flatMap((request) => request.hash_ids)).size;
    expect(store.storedUnits(route)).toBe(distinct);
  });
});
