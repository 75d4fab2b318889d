import { describe, expect, it } from 'vitest';
import { explainExitCode, guardDelegation, guardExitCode, guardRun, type GuardReport, type GuardVerdict } from '../src/analysis/index.js';
import { GUARD_EXIT_CODES } from '../src/analysis/guard/guard-run.js';
import { EXIT } from '../src/cli/index.js';
import { createForkProvider } from '../src/providers/index.js';
import { guardParent } from './support/guard-parent.js';

const FORK = { provider: 'fork', toolName: 'subagent_fork', enableRunInBackground: true } as const;

describe('guardExitCode: the exit code is a pure function of the verdict', () => {
  it('maps each verdict to the CLI\'s exit code of the same meaning', () => {
    expect(GUARD_EXIT_CODES).toEqual({ passed: EXIT.ok, failed: EXIT.findings, 'invalid-input': EXIT.input } satisfies Record<GuardVerdict, number>);
    expect(explainExitCode({ verdict: 'explained' })).toBe(EXIT.ok);
    expect(explainExitCode({ verdict: 'unexplained' })).toBe(EXIT.findings);
    expect(explainExitCode({ verdict: 'invalid-input' })).toBe(EXIT.input);
  });

  it('a run takes its worst report\'s verdict: a failing fork and a passing one fail together, and ok is decided once per report', () => {
    const passing = guardDelegation({ parent: guardParent(), tool: { ...FORK, backgroundMode: 'one-shot' }, provider: createForkProvider() });
    const failing = guardDelegation({ parent: guardParent(), tool: { ...FORK, backgroundMode: 'continuable' }, provider: createForkProvider() });
    expect([passing.verdict, passing.ok, failing.verdict, failing.ok]).toEqual(['passed', true, 'failed', false]);
    expect(guardExitCode(guardRun([passing]))).toBe(EXIT.ok);
    expect(guardExitCode(guardRun([passing, failing]))).toBe(EXIT.findings);
    const invalid: GuardReport = { ...passing, verdict: 'invalid-input' };
    expect(guardExitCode(guardRun([failing, invalid, passing]))).toBe(EXIT.input);
  });
});
