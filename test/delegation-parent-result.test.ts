import { describe, expect, it } from 'vitest';
import { settleForegroundRun, type SubagentResult, type SubagentRun } from '../src/providers/runtime/index.js';
import { ScriptedModel, type ScriptedStep } from '../src/testing/index.js';
import { callStep, lastToolResult, prompt, smallComposition, smallHost, textStep } from './support/runtime-scenario.js';

async function parentResult(childSteps: ScriptedStep[], args: Record<string, unknown> = { description: 'd', prompt: 'do it' }, composition = smallComposition()) {
  const model = new ScriptedModel([callStep('subagent', args), ...childSteps, textStep('parent done')]);
  const { createParent } = smallHost(model, composition);
  const parent = createParent();
  await prompt(parent, 'delegate');
  model.assertConsumed();
  return lastToolResult(parent);
}

describe("delegation tool: the parent's tool result", () => {
  it("is the child's final output on completion", async () => {
    expect(await parentResult([textStep('CHILD_OK')])).toEqual({ text: 'CHILD_OK', isError: false });
  });

  it.each([
    [{ text: 'cut', finish: { kind: 'max-tokens' } }, 'Error: subagent run hit its token limit before finishing\nPartial output before the run ended:\ncut'],
    [{ finish: { kind: 'error', failure: { message: 'boom', code: 'UNKNOWN' } } }, 'Error: subagent run failed'],
    [{ text: 'no.', finish: { kind: 'refusal' } }, 'Error: subagent declined the task\nPartial output before the run ended:\nno.'],
  ] as const)('is `Error: <stop-reason headline>` otherwise (%j)', async (step, expected) => {
    expect(await parentResult([step as ScriptedStep])).toEqual({ text: expected, isError: true });
  });

  it('rejects a forced background call when background is disabled', async () => {
    const composition = smallComposition({ subagent: { provider: 'spawn', enableRunInBackground: false } });
    expect(await parentResult([], { description: 'd', prompt: 'p', run_in_background: true }, composition)).toEqual({
      text: 'Error: run_in_background is disabled for this tool instance (enableRunInBackground: false)',
      isError: true,
    });
  });

  it('reports one-shot background runs as unavailable: they need DSH job services kvprefix does not model', async () => {
    expect(await parentResult([], { description: 'd', prompt: 'p', run_in_background: true })).toEqual({
      text: 'Error: background jobs unavailable: load @deepseek-ai/dsh-jobs and @deepseek-ai/dsh-tool-jobs',
      isError: true,
    });
  });

  it('keeps both failures when result collection and disposal both fail (subagent-published-run-failure wording)', async () => {
    const run: SubagentRun = {
      id: 'child',
      localAgent: undefined as never,
      result: Promise.reject(new Error('snapshot published run failed')),
      dispose: () => Promise.reject(new Error('snapshot published handle disposal failed')),
    };
    await expect(settleForegroundRun(run)).rejects.toThrow('subagent run failed: Error: snapshot published run failed; dispose failed: Error: snapshot published handle disposal failed');
    const disposedOnce: SubagentResult = { output: [{ type: 'text', text: 'ok' }], stopReason: 'completed' };
    let disposals = 0;
    const fine: SubagentRun = { id: 'c', localAgent: undefined as never, result: Promise.resolve(disposedOnce), dispose: async () => void disposals++ };
    expect(await settleForegroundRun(fine)).toBe('ok');
    expect(disposals).toBe(1);
  });
});
