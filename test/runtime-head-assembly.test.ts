import { describe, expect, it } from 'vitest';
import { assembleHead, buildToolVisibility, type PromptSection, type ToolDefinition } from '../src/providers/runtime/index.js';

const tool = (name: string): ToolDefinition => ({ name, description: `${name} tool`, parameters: { type: 'object', properties: {} }, execute: async () => '' });
const visibility = buildToolVisibility({ globalTools: [tool('write'), tool('bash'), tool('read')] });
const head = (globalSections: PromptSection[], scopeSections: PromptSection[] = []) =>
  assembleHead({ globalSections, scopeSections, visibility, variables: { model: 'm1', cwd: '/w' }, isChild: false });

describe('runtime: head assembly, as DSH assembles and renders a prompt', () => {
  it('sorts sections by order, keeps registration order on ties, drops empty sections and joins with blank lines', () => {
    const assembled = head([
      { name: 'tool:b', order: 115, text: 'B' },
      { name: 'identity', order: -100, text: 'I' },
      { name: 'tool:a', order: 115, text: 'A' },
      { name: 'empty', order: 50, text: '' },
      { name: 'persona', order: 0, text: 'model {{model}} in {{cwd}}' },
    ]);
    expect(assembled.sections.map((section) => section.name)).toEqual(['identity', 'persona', 'tool:b', 'tool:a']);
    expect(assembled.system).toBe('I\n\nmodel m1 in /w\n\nB\n\nA');
  });

  it('lets a scoped section shadow the global section of the same name, at the scoped order', () => {
    const assembled = head(
      [
        { name: 'identity', order: -100, text: 'I' },
        { name: 'deployment:persona', order: 0, text: 'global persona' },
        { name: 'tool:read', order: 100, text: 'R' },
      ],
      [{ name: 'deployment:persona', order: 0, text: 'child persona' }],
    );
    expect(assembled.system).toBe('I\n\nchild persona\n\nR');
  });

  it('evaluates lazy section text against the assembly (visible tools) and uses verbatim text as it is', () => {
    const assembled = head([
      { name: 'tool:bash', order: 105, text: (context) => (context.visibleToolNames.has('bash') ? 'bash visible' : '') },
      { name: 'tool:gone', order: 106, text: (context) => (context.visibleToolNames.has('gone') ? 'never' : '') },
      { name: 'recorded', order: 107, text: 'cwd was {{cwd}} literally', verbatim: true },
    ]);
    expect(assembled.system).toBe('bash visible\n\ncwd was {{cwd}} literally');
  });

  it('lists tools sorted by name (code-unit order), as wire schemas only', () => {
    expect(head([]).tools).toEqual([
      { name: 'bash', description: 'bash tool', parameters: { type: 'object', properties: {} } },
      { name: 'read', description: 'read tool', parameters: { type: 'object', properties: {} } },
      { name: 'write', description: 'write tool', parameters: { type: 'object', properties: {} } },
    ]);
  });
});
