import xxhash from 'xxhash-wasm';
import { Segment, hashText } from '../src/prefix/index.js';
import { measurePair } from './support/measure-pair.js';
import { promptSample } from './support/prompt-text.js';
import { PROMPT_SIZES } from './support/prompt-sizes.js';
import { toBenchResult, type BenchResult, type Scenario } from './support/scenario.js';

/*
 * Building a segment from UTF-8 bytes (a request body read from disk or the wire) against
 * xxhash-wasm's `h64Raw` on the same bytes. A segment built from bytes must not decode them to
 * text or copy them: the text is materialised only for the one segment where two requests diverge.
 * Goal: at least 0.8 of the baseline's speed.
 */

const GOAL = 0.8;

export const segmentHashBytesScenario: Scenario = {
  name: 'segment-hash-bytes',
  description: 'new Segment({content: Uint8Array}) vs xxhash-wasm h64Raw(bytes), 1–64 MiB of real prompt text',
  async run(context) {
    const { h64Raw } = await xxhash();
    const seed = hashText('["bench","segment-hash",null]');
    const results: BenchResult[] = [];
    for (const size of PROMPT_SIZES) {
      const { text, bytes } = promptSample(size.bytes);
      const built = new Segment({ kind: 'system', name: 'prompt', content: bytes }, seed);
      if (built.hash !== h64Raw(bytes)) throw new Error(`segment-hash-bytes/${size.label}: the segment's hash differs from h64Raw of the same bytes`);
      if (built.hash !== new Segment({ kind: 'system', name: 'prompt', content: text }, seed).hash) {
        throw new Error(`segment-hash-bytes/${size.label}: a segment built from bytes hashes differently from one built from the same text`);
      }
      context.log(`segment-hash-bytes/${size.label}: ${bytes.byteLength} bytes`);
      const timing = await measurePair(
        () => new Segment({ kind: 'system', name: 'prompt', content: bytes }, seed),
        () => h64Raw(bytes),
        size.options,
      );
      results.push(
        toBenchResult(
          {
            name: `segment-hash-bytes/${size.label}`,
            scenario: 'segment-hash-bytes',
            subject: 'new Segment({kind, name, content: Uint8Array}, seed)',
            baselineName: 'xxhash-wasm h64Raw(bytes)',
            goal: GOAL,
            details: { bytes: bytes.byteLength, gigabytesPerSecond: bytes.byteLength / timing.ours.medianMs / 1e6 },
          },
          timing.ours,
          timing.baseline,
        ),
      );
    }
    return results;
  },
};
