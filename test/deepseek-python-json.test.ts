import { describe, expect, it } from 'vitest';
import { pythonJson } from '../src/analysis/deepseek/python-json.js';

// Expected texts are what CPython's json.dumps(value, ensure_ascii=False) prints for the same value.
const cases = {
  'object: ", " and ": " separators, keys in order': [{ b: 1, a: [true, null, 'x'] }, '{"b": 1, "a": [true, null, "x"]}'],
  'separators inside strings stay as they are': [{ 'k:,': 'a, b: c' }, '{"k:,": "a, b: c"}'],
  'escaped quotes and backslashes do not end a string': [['say \\"hi\\", ok', 'a\\'], '["say \\\\\\"hi\\\\\\", ok", "a\\\\"]'],
  'non-ASCII verbatim, control characters escaped': ['ünï — 中\n\t', '"ünï — 中\\n\\t"'],
  'empty containers': [{ a: {}, b: [] }, '{"a": {}, "b": []}'],
  'numbers': [[0, -1.5, 1e21], '[0, -1.5, 1e+21]'],
} satisfies Record<string, [unknown, string]>;

describe('Python-style JSON for the V4 prompt', () => {
  for (const [name, [value, expected]] of Object.entries(cases)) {
    it(name, () => expect(pythonJson(value)).toBe(expected));
  }
});
