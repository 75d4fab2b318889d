import { describe, expect, it } from 'vitest';
import { buildToolVisibility, codeModeSections, renderTypeScriptSdk, validateToolFilter, type ToolDefinition } from '../src/providers/runtime/index.js';

const tool = (name: string): ToolDefinition => ({ name, description: `${name} tool`, parameters: { type: 'object', properties: { x: { type: 'string' } } }, execute: async () => name });
const globals = [tool('read'), tool('bash'), tool('edit')];
const runCode = tool('run_code');

describe('runtime: one tool-visibility view feeds wire schemas, executable lookup and the SDK block', () => {
  it('a filter removes a global tool from all three at once', () => {
    const view = buildToolVisibility({ globalTools: globals, filter: { deny: ['bash'] }, presentation: 'both', transport: runCode });
    expect(view.wire.map((schema) => schema.name)).toEqual(['edit', 'read', 'run_code']);
    expect(view.sdk.map((schema) => schema.name)).toEqual(['edit', 'read']);
    expect(view.lookup('bash')).toBeUndefined();
    expect(view.lookup('read')!.name).toBe('read');
    const sdk = codeModeSections({ presentation: 'both', transport: runCode, renderSdk: renderTypeScriptSdk }, view).find((section) => section.name === 'tools:sdk')!;
    expect(sdk.text).not.toContain('"bash"');
  });

  it('allow keeps only the named globals; scope-local tools join after the filter and survive it', () => {
    const view = buildToolVisibility({ globalTools: globals, filter: { allow: ['read'] }, localTools: [tool('report')] });
    expect(view.visible.map((definition) => definition.name)).toEqual(['read', 'report']);
    expect(view.lookup('report')!.name).toBe('report');
  });

  it('under `code` the transport is the only wire schema and the only directly callable tool; the SDK declares the rest', () => {
    const view = buildToolVisibility({ globalTools: globals, presentation: 'code', transport: runCode });
    expect(view.wire.map((schema) => schema.name)).toEqual(['run_code']);
    expect(view.sdk.map((schema) => schema.name)).toEqual(['bash', 'edit', 'read']);
    expect(view.lookup('read')).toBeUndefined();
    expect(view.lookup('run_code')).toBe(runCode);
    const sections = codeModeSections({ presentation: 'code', transport: runCode, renderSdk: renderTypeScriptSdk }, view);
    expect(sections.map((section) => [section.name, section.order, section.text !== ''])).toEqual([
      ['tools:code-only', 99, true],
      ['tools:sdk', 150, true],
    ]);
  });

  it('rejects filters DSH rejects: empty, unknown names, the reserved transport', () => {
    const names = new Set(globals.map((definition) => definition.name));
    expect(() => validateToolFilter({}, names, new Set(['run_code']))).toThrow('names neither `allow` nor `deny`');
    expect(() => validateToolFilter({ deny: ['grep'] }, names, new Set(['run_code']))).toThrow("toolFilter names 'grep', which is not a registered global tool: known tools are bash, edit, read");
    expect(() => validateToolFilter({ allow: ['run_code'] }, names, new Set(['run_code']))).toThrow('reserved transport');
  });
});
