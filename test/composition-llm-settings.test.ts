import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readHostModelSettings } from '../src/analysis/compositions/llm-settings.js';
import { InputError } from '../src/prefix/index.js';

const folder = mkdtempSync(path.join(tmpdir(), 'kvprefix-llm-settings-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function composition(name: string, text: string): { path: string; label: string } {
  const file = path.join(folder, name);
  writeFileSync(file, text);
  return { path: file, label: name };
}

async function failure(read: Promise<unknown>): Promise<InputError> {
  try {
    await read;
  } catch (error) {
    if (error instanceof InputError) return error;
    throw error;
  }
  throw new Error('expected an InputError');
}

const adapter = (config: string, extra = '') => `- id: llm-deepseek\n  name: '@deepseek-ai/dsh-llm-deepseek'\n${extra}  config:\n${config}`;

describe('the DeepSeek adapter settings of a host composition', () => {
  it('are the adapter row\'s thinking and reasoningEffort, a later bundle patch winning, with the file and line of the row that wrote the config', async () => {
    const base = composition('base.yml', adapter('    thinking: enabled\n    reasoningEffort: high\n'));
    const preset = composition('preset.yml', `- id: llm-deepseek\n  name: '@deepseek-ai/dsh-llm-deepseek'\n  config:\n    reasoningEffort: max\n`);
    expect(await readHostModelSettings([base])).toEqual({ settings: { thinking: 'enabled', reasoningEffort: 'high' }, from: 'base.yml:1', files: ['base.yml'] });
    expect((await readHostModelSettings([base, preset])).settings).toEqual({ reasoningEffort: 'max' });
  });

  it('are none when the adapter row is disabled or absent', async () => {
    const disabled = composition('disabled.yml', adapter('    reasoningEffort: max\n', '  disabled: true\n'));
    expect(await readHostModelSettings([disabled])).toEqual({ settings: {}, from: null, files: ['disabled.yml'] });
  });

  it('refuse a value the adapter does not accept, and a !!js value, naming file and line', async () => {
    const unknown = await failure(readHostModelSettings([composition('unknown.yml', adapter('    reasoningEffort: extreme\n'))]));
    expect(unknown.code).toBe('input/unknown-setting');
    expect(unknown.message).toContain('unknown.yml:1: [0].config.reasoningEffort');
    expect(unknown.message).toContain('reasoningEffort "extreme" is not one of off, low, high, max');
    const js = await failure(readHostModelSettings([composition('js.yml', adapter('    thinking: !!js pickThinking()\n'))]));
    expect(js.code).toBe('input/unresolved-setting');
    expect(js.message).toContain('js.yml:1: [0].config.thinking');
  });
});
