import { describe, expect, it } from 'vitest';
import { InputError } from '../src/prefix/index.js';
import { delegationToolConfigSchema, parseDelegationToolConfig } from '../src/providers/runtime/index.js';
import { allDelegationRows } from './support/runtime-cordis-rows.js';
import { itWithCorpus } from './support/corpus.js';

describe("delegation tool: configuration with DSH's keys and defaults", () => {
  it('applies the defaults of the tool-subagent README: toolName subagent, background enabled, one-shot, maxDepth 3', () => {
    expect(parseDelegationToolConfig({ provider: 'spawn' })).toEqual({ provider: 'spawn', toolName: 'subagent', enableRunInBackground: true, backgroundMode: 'one-shot', maxDepth: 3 });
  });

  it('keeps omitted agentOptions, persona and toolFilter absent rather than materialising empty values', () => {
    const config = parseDelegationToolConfig({ provider: 'fork', toolName: 'subagent_fork' });
    expect('agentOptions' in config || 'persona' in config || 'toolFilter' in config).toBe(false);
  });

  it.each([
    [{}, 'provider'],
    [{ provider: 'spawn', backgroundMode: 'forever' }, 'backgroundMode'],
    [{ provider: 'spawn', maxDepth: -1 }, 'maxDepth'],
    [{ provider: 'spawn', maxDepth: 1.5 }, 'maxDepth'],
    [{ provider: 'spawn', agentOptions: { maxTokens: 0 } }, 'agentOptions.maxTokens'],
    [{ provider: 'spawn', toolFilter: {} }, 'names neither `allow` nor `deny`'],
    [{ provider: 'spawn', toolname: 'typo' }, 'toolname'],
  ] as const)('rejects %j, naming %s', (input, problem) => {
    expect(() => parseDelegationToolConfig(input, 'cordis.yml:12')).toThrow(InputError);
    expect(() => parseDelegationToolConfig(input, 'cordis.yml:12')).toThrow(problem);
    expect(() => parseDelegationToolConfig(input, 'cordis.yml:12')).toThrow(/^cordis\.yml:12: /);
  });

  it("accepts 'provider-managed' and positive agentOptions", () => {
    expect(parseDelegationToolConfig({ provider: 'codex', maxDepth: 'provider-managed', agentOptions: { provider: 'p', model: 'm', maxTokens: 8192 } })).toMatchObject({ maxDepth: 'provider-managed', agentOptions: { maxTokens: 8192 } });
  });

  itWithCorpus('dsh', 'accepts every dsh-tool-subagent row of the corpus compositions, with the keys those rows use', () => {
    const rows = allDelegationRows();
    expect(rows.length).toBeGreaterThanOrEqual(40);
    const keys = new Set(Object.keys(delegationToolConfigSchema.shape));
    for (const row of rows) {
      for (const key of Object.keys(row.config)) expect(keys.has(key), `${row.file}:${row.line} uses '${key}'`).toBe(true);
      if (row.disabled && Object.keys(row.config).length === 0) continue;
      expect(() => parseDelegationToolConfig(row.config, `${row.file}:${row.line}`)).not.toThrow();
    }
    expect(rows.filter((row) => Object.keys(row.config).length === 0)).toEqual([]);
  });
});
