import { describe, expect, it } from 'vitest';
import { toolSchemaLine } from '../src/analysis/deepseek/tool-schema-line.js';

describe('a tool schema line as DeepSeek counts it', () => {
  it('writes a line break inside a string as a line break, and everything else as Python json.dumps does', () => {
    const fn = { name: 'workflow', description: 'Run it.\n\nHooks:\n- agent()', parameters: { type: 'object', properties: { a: { type: 'string', description: 'say "hi"' } } } };
    expect(toolSchemaLine(fn)).toBe('{"name": "workflow", "description": "Run it.\n\nHooks:\n- agent()", "parameters": {"type": "object", "properties": {"a": {"type": "string", "description": "say \\"hi\\""}}}}');
  });

  it('keeps a written backslash before an n, and other escapes, as escapes', () => {
    expect(toolSchemaLine({ description: 'a \\n b\tc' })).toBe('{"description": "a \\\\n b\\tc"}');
    expect(toolSchemaLine({ description: 'ends with \\\n' })).toBe('{"description": "ends with \\\\\n"}');
  });

  it('leaves a schema without line breaks exactly as json.dumps writes it', () => {
    expect(toolSchemaLine({ name: 'read', parameters: { required: ['path'] } })).toBe('{"name": "read", "parameters": {"required": ["path"]}}');
  });
});
