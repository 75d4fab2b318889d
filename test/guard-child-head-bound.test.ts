import { describe, expect, it } from 'vitest';
import type { ParentSetup } from '../src/analysis/index.js';
import { analyseDelegations, MAX_CHILD_HEAD_ENTRIES, type DelegationUnderGuard } from '../src/analysis/guard/delegation-analysis.js';
import type { ChildDelta } from '../src/analysis/guard/call-paths.js';
import { InputError } from '../src/prefix/index.js';
import { guardParent } from './support/guard-parent.js';

// Issue 17 §7: distinct child heads each cost a whole head, so their total is bounded; the bound
// must refuse a fan-out of personas, never the handful of deltas a real preset has on a long session.
function delegation(index: number, delta: ChildDelta): DelegationUnderGuard {
  return { tool: `tool_${index}`, provider: 'fork', inheritsParentContext: true, location: { file: 'preset.yml', yamlPath: `[${index}].config`, line: 10 + index }, paths: [{ label: 'default call', isDefault: true, delta }] };
}

/** A parent whose inherited history alone is past the bound: every head it starts holds 40,002 entries. */
function longSession(): ParentSetup {
  const parent = guardParent();
  const turns = Array.from({ length: 20_000 }, (_, index) => [
    { role: 'user', content: [{ type: 'text', text: `Step ${index}: check the next file.` }] },
    { role: 'assistant', content: [{ type: 'text', text: `Checked file ${index}.` }] },
  ]).flat();
  return { ...parent, history: [...parent.history, ...turns] as unknown as ParentSetup['history'] };
}

describe('the bound on distinct child heads', () => {
  it("a real preset's three deltas are assembled on a session whose history alone passes the bound", () => {
    const setup = longSession();
    expect(setup.history.length * 3).toBeGreaterThan(MAX_CHILD_HEAD_ENTRIES);
    const deltas: ChildDelta[] = [{ mode: 'one-shot' }, { mode: 'continuable' }, { mode: 'one-shot', persona: 'You review.' }];
    const analyses = analyseDelegations(setup, deltas.map((delta, index) => delegation(index, delta)));
    expect(analyses.map((analysis) => analysis.paths[0]!.outcome.state)).toEqual(['assembled', 'assembled', 'assembled']);
    expect(analyses.every((analysis) => analysis.inheritedMessages === setup.history.length)).toBe(true);
  });

  it('seventeen personas on that session are refused at the seventeenth, naming its file and line', () => {
    const delegations = Array.from({ length: 40 }, (_, index) => delegation(index, { mode: 'one-shot', persona: `You review part ${index}.` }));
    const refused = (() => {
      try {
        analyseDelegations(longSession(), delegations);
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(refused).toBeInstanceOf(InputError);
    expect(refused).toMatchObject({ code: 'input/delegation-fan-out', source: 'preset.yml', line: 26 });
    expect((refused as InputError).message).toMatch(/^preset\.yml:26: the delegation tools start 17 or more different child heads .* of 40,0\d\d entries each, .*\(at 'tool_16'\)/);
  });

  it('the same tool rows with one shared delta assemble it once: every analysis holds the same outcome', () => {
    const analyses = analyseDelegations(guardParent(), Array.from({ length: 500 }, (_, index) => delegation(index, { mode: 'continuable' })));
    expect(new Set(analyses.map((analysis) => analysis.paths[0]!.outcome)).size).toBe(1);
  });
});
