import { describe, expect, it } from 'vitest';
import { readRequestBody } from '../src/analysis/index.js';
import { compareWithCause } from './support/compare-with-cause.js';

const read = (body: unknown, source: string) => readRequestBody(body, { source }).request;

describe('which message is the task', () => {
  it('is the first of the final run of user messages, so a runtime-context snapshot after the task is not taken for it', () => {
    const body = {
      model: 'deepseek-v4-flash',
      messages: [
        { role: 'system', content: 'You are an AI agent powered by DeepSeek Harness.' },
        { role: 'user', content: 'Remember MARMALADE.' },
        { role: 'assistant', content: 'OK' },
        { role: 'user', content: 'What is the codeword?' },
        { role: 'user', content: 'Current runtime context. This snapshot supersedes earlier runtime-context snapshots.' },
      ],
    };
    const segments = read(body, 'child.json').segments;
    expect(segments.filter((segment) => segment.kind === 'task').map((segment) => segment.name)).toEqual(['message[3]:user']);
  });

  it('is not a later tool-result message: a changed tool result is history (Anthropic)', () => {
    const exchange = (result: string) => ({
      model: 'claude-sonnet-4-5',
      max_tokens: 1024,
      messages: [
        { role: 'user', content: 'List the files.' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'bash', input: { command: 'ls' } }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: result }] },
      ],
    });
    const result = compareWithCause(read(exchange('a.txt'), 'parent.json'), read(exchange('b.txt'), 'child.json'));
    expect(result.divergence).toMatchObject({ name: 'message[2]:user', cause: 'history' });
  });
});
