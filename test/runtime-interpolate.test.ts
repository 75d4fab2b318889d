import { describe, expect, it } from 'vitest';
import { interpolate } from '../src/providers/runtime/index.js';

const variables = { model: 'deepseek-v4-flash', cwd: '{{cwd}}', empty: undefined };

describe("runtime: prompt variables are interpolated strictly, as DSH's renderPrompt does", () => {
  it.each([
    ['powered by the {{model}} model', 'powered by the deepseek-v4-flash model'],
    ['in {{cwd}}', 'in {{cwd}}'], // a substituted value is never re-scanned
    ['a lone {{ passes through', 'a lone {{ passes through'],
    ['no groups at all', 'no groups at all'],
    ['{{model}}{{model}}', 'deepseek-v4-flash'.repeat(2)],
  ])('renders %j as %j', (template, expected) => {
    expect(interpolate(template, variables, 'test')).toBe(expected);
  });

  it.each([
    ['{{unknown}}', 'unknown template variable'],
    ['{{constructor}}', 'unknown template variable'],
    ['{{empty}}', 'has no value for this assembly'],
    ['{{ model }}', 'malformed template group'],
    ['{{{model}}}', 'malformed template group'],
  ])('throws for %j (%s)', (template, message) => {
    expect(() => interpolate(template, variables, "section 'x'")).toThrow(message);
    expect(() => interpolate(template, variables, "section 'x'")).toThrow("section 'x'");
  });
});
