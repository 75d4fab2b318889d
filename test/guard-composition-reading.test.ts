import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { guardComposition } from '../src/analysis/index.js';
import { parseComposition } from '../src/analysis/compositions/read-composition.js';
import { resolveComposition } from '../src/analysis/compositions/resolve-composition.js';
import { InputError } from '../src/prefix/index.js';

function folder(files: Record<string, string>): string {
  const directory = mkdtempSync(path.join(tmpdir(), 'kvprefix-compositions-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(directory, name), text);
  return directory;
}

const PROVIDERS = `
- id: subagent-fork-in-process
  name: '@deepseek-ai/dsh-subagent-fork-in-process'
- id: report
  name: '@deepseek-ai/dsh-tool-subagent-report'
`;

describe('compositions: read with YAML paths, resolved as Cordis loads them', () => {
  it('a row that does not validate is a problem at its YAML path and line, not an exception', () => {
    const layer = parseComposition("- id: a\n  name: '@x/a'\n- id: grouped\n  name: cordis:group\n  config:\n    - id: b\n      disabled: 3\n", 'agent.cordis.yml', '/');
    expect(layer.problems.map((problem) => [problem.yamlPath, problem.line, problem.severity])).toEqual([
      ['[1].config[0].name', 6, 'error'],
      ['[1].config[0].disabled', 7, 'error'],
    ]);
  });

  it('broken YAML is an InputError with the file and line', () => {
    expect(() => parseComposition('- id: a\n  name: [unclosed\n', 'bad.cordis.yml', '/')).toThrow(InputError);
    expect(() => parseComposition('- id: a\n  name: [unclosed\n', 'bad.cordis.yml', '/')).toThrow(/^bad\.cordis\.yml:\d+: not valid YAML/);
  });

  it('an invalid delegation config reports each problem at its key path', async () => {
    const directory = folder({ 'cordis.yml': `${PROVIDERS}- id: fork\n  name: '@deepseek-ai/dsh-tool-subagent'\n  config:\n    provider: fork\n    backgroundMode: sometimes\n` });
    const report = await guardComposition({ path: path.join(directory, 'cordis.yml'), label: 'cordis.yml' });
    expect(report.findings).toEqual([expect.objectContaining({ kind: 'invalid-composition', severity: 'error', yamlPath: '[2].config.backgroundMode', code: 'composition/delegation-config' })]);
  });

  it('later rows replace rows with the same id, patches replace a whole config, includes splice and patch', async () => {
    const directory = folder({
      'base.cordis.yml': `${PROVIDERS}- id: fork\n  name: '@deepseek-ai/dsh-tool-subagent'\n  config:\n    provider: fork\n    toolName: subagent_fork\n`,
      'top.cordis.yml': "- id: base\n  name: '@deepseek-ai/cordis-plugin-include'\n  config:\n    path: ./base.cordis.yml\n    patches:\n      - id: fork\n        config:\n          provider: fork\n          toolName: forked\n          backgroundMode: continuable\n",
    });
    const resolved = await resolveComposition([{ path: path.join(directory, 'top.cordis.yml'), label: 'top.cordis.yml' }]);
    const fork = resolved.rows.find((row) => row.id === 'fork')!;
    expect(fork.config).toEqual({ provider: 'fork', toolName: 'forked', backgroundMode: 'continuable' });
    expect(fork.configFrom).toMatchObject({ file: 'top.cordis.yml', yamlPath: '[0].config.patches[0]' });
    const report = await guardComposition({ path: path.join(directory, 'top.cordis.yml'), label: 'top.cordis.yml' });
    expect(report.findings.filter((finding) => finding.severity === 'error')).toEqual([
      expect.objectContaining({ kind: 'inherited-history-lost', tool: 'forked', file: 'top.cordis.yml', yamlPath: '[0].config.patches[0].config.backgroundMode' }),
    ]);
  });

  it('a !!js load switch kvprefix cannot evaluate fails closed on a delegation row', async () => {
    const directory = folder({ 'cordis.yml': `${PROVIDERS}- id: fork\n  name: '@deepseek-ai/dsh-tool-subagent'\n  disabled: !!js someFlag()\n  config:\n    provider: fork\n` });
    const report = await guardComposition({ path: path.join(directory, 'cordis.yml'), label: 'cordis.yml' });
    expect(report.findings).toEqual([expect.objectContaining({ kind: 'unresolved', severity: 'error', yamlPath: '[2].disabled', code: 'guard/unresolved-switch' })]);
  });

  it('an unknown YAML tag (a typo of !!js) is an input error at its line, not a literal string read with a warning', () => {
    const text = `${PROVIDERS}- id: fork\n  name: '@deepseek-ai/dsh-tool-subagent'\n  disabled: !!jss process.platform === 'win32'\n`;
    const line = text.split('\n').findIndex((row) => row.includes('!!jss')) + 1;
    const error = (() => {
      try {
        parseComposition(text, 'cordis.yml');
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(InputError);
    expect(error).toMatchObject({ code: 'input/unknown-yaml-tag', line, message: `cordis.yml:${line}: Unresolved tag: !!jss: DSH compositions know only !!js` });
  });

  it('platform switches are evaluated for the chosen platform: a report package loaded only on win32 fails a continuable fork only there', async () => {
    const directory = folder({
      'cordis.yml':
        "- id: subagent-fork-in-process\n  name: '@deepseek-ai/dsh-subagent-fork-in-process'\n- id: report\n  name: '@deepseek-ai/dsh-tool-subagent-report'\n  disabled: !!js process.platform !== 'win32'\n" +
        "- id: fork\n  name: '@deepseek-ai/dsh-tool-subagent'\n  config:\n    provider: fork\n    backgroundMode: continuable\n",
    });
    const source = { path: path.join(directory, 'cordis.yml'), label: 'cordis.yml' };
    expect((await guardComposition(source, { platform: 'linux' })).ok).toBe(true);
    const windows = await guardComposition(source, { platform: 'win32' });
    expect(windows.findings.map((finding) => [finding.kind, finding.severity])).toEqual([['inherited-history-lost', 'error']]);
  });

  it('a delegation tool on a provider no row mounts is unresolved, never a pass', async () => {
    const directory = folder({ 'cordis.yml': "- id: fork\n  name: '@deepseek-ai/dsh-tool-subagent'\n  config:\n    provider: fork\n    backgroundMode: continuable\n" });
    const report = await guardComposition({ path: path.join(directory, 'cordis.yml'), label: 'cordis.yml' });
    expect(report.ok).toBe(false);
    expect(report.findings).toEqual([expect.objectContaining({ kind: 'unresolved', code: 'guard/unknown-provider', tool: 'subagent' })]);
  });
});
