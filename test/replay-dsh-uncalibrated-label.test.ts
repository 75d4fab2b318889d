import path from 'node:path';
import { expect, it } from 'vitest';
import { analyzeDshSessionTree } from '../src/analysis/index.js';

// The demo tree's scripted model logs no usage: no head has an observed total to calibrate on, so
// the token counts are the rendering's own and must not be called calibrated.
it('a DSH tree with no observed usage says its DeepSeek V4 tokens are uncalibrated', async () => {
  const tree = await analyzeDshSessionTree(path.resolve(import.meta.dirname, '../examples/demo-tree'));
  expect(tree.sessions.flatMap((session) => session.requests).every((request) => request.observed === null)).toBe(true);
  expect(tree.tokenizer).toBe('deepseek-v4 (uncalibrated)');
}, 60_000);
