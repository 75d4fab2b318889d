import { expect, it } from 'vitest';
import { parseSdkBlock, RECORDED_SDK_OUTPUT_TYPES } from '../src/providers/runtime/index.js';
import { describeWithCorpus } from './support/corpus.js';
import { pinnedSdkHeads } from './support/sdk-pins.js';

describeWithCorpus('dsh', 'recorded SDK output types', () => {
  it('hold exactly the ToolOutputMap entries of the SDK blocks pinned in corpus/dsh (regenerate with scripts/extract-sdk-output-types.ts)', () => {
    const recorded: Record<string, string> = {};
    for (const head of pinnedSdkHeads()) {
      for (const entry of parseSdkBlock(head.sdk).entries) {
        expect(recorded[entry.name] ?? entry.output, `${entry.name} in ${head.file}`).toBe(entry.output);
        recorded[entry.name] = entry.output;
      }
    }
    expect(Object.keys(recorded).length).toBeGreaterThan(20);
    expect(RECORDED_SDK_OUTPUT_TYPES).toEqual(recorded);
  });
});
