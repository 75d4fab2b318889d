import { describe, expect, it } from 'vitest';
import { checkConversationEntry } from '../src/analysis/claude-code/transcript-entry-shape.js';

const assistant = {
  type: 'assistant',
  uuid: 'u2',
  parentUuid: 'u1',
  timestamp: '2025-07-01T10:00:00.000Z',
  sessionId: 's1',
  version: '1.0.0',
  message: { id: 'msg_1', role: 'assistant', model: 'claude-sonnet-4', content: [{ type: 'text', text: 'hi' }], usage: { input_tokens: 3, output_tokens: 5, cache_read_input_tokens: null, cache_creation: { ephemeral_5m_input_tokens: 10 } } },
};

describe('Claude Code entry shape', () => {
  it('keeps a well-formed entry as logged, unknown fields included', () => {
    const checked = checkConversationEntry('assistant', assistant);
    expect(checked).toEqual({ entry: assistant });
  });

  it('accepts a user entry whose content is a string, and a timestamp with a numeric offset', () => {
    const user = { type: 'user', uuid: 'u1', parentUuid: null, timestamp: '2025-07-01T12:00:00+02:00', sessionId: 's1', message: { role: 'user', content: 'hello' } };
    expect(checkConversationEntry('user', user)).toEqual({ entry: user });
  });

  it.each([
    ['a timestamp without seconds', { ...assistant, timestamp: '2025-07-01T10:00Z' }, 'timestamp: expected an ISO date-time'],
    ['a 30 February', { ...assistant, timestamp: '2025-02-30T10:00:00Z' }, 'timestamp: expected an ISO date-time'],
    ['an empty sessionId', { ...assistant, sessionId: '' }, 'sessionId: expected a non-empty string, got ""'],
    ['usage without input_tokens', { ...assistant, message: { ...assistant.message, usage: { output_tokens: 1 } } }, 'message.usage.input_tokens: expected a whole number of tokens, 0 or more, got nothing'],
    ['a negative cache read', { ...assistant, message: { ...assistant.message, usage: { input_tokens: 1, cache_read_input_tokens: -2 } } }, 'message.usage.cache_read_input_tokens: expected a whole number of tokens, 0 or more, got number -2'],
    ['a content block without a type', { ...assistant, message: { ...assistant.message, content: [{ text: 'x' }] } }, 'message.content.0.type: expected a string, got nothing'],
    ['content that is a string in an assistant message', { ...assistant, message: { ...assistant.message, content: 'x' } }, 'message.content: expected an array of content blocks, got "x"'],
    ['a wrong role', { ...assistant, message: { ...assistant.message, role: 'user' } }, 'message.role: expected "assistant", got "user"'],
    ['isSidechain that is not a boolean', { ...assistant, isSidechain: 'yes' }, 'isSidechain: expected true or false, got "yes"'],
  ])('names the first wrong field: %s', (_name, entry, problem) => {
    const checked = checkConversationEntry('assistant', entry);
    expect('problem' in checked ? checked.problem : null).toMatch(new RegExp(`^${problem.replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  });
});
