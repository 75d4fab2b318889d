/**
 * Test support (not a test file): a small host with the background-job service loaded — the job
 * registry, the three job controls and the `tool:jobs` section — and scripted steps told apart by
 * which agent asks (a child's first message is its task).
 */
import type { ModelRequest } from '../../src/providers/model/index.js';
import { textOf } from '../../src/providers/model/index.js';
import { AgentHost, createForkProvider, createSpawnProvider, JOB_TOOLS, JOBS_SECTION, JobRegistry, type SubagentProvider } from '../../src/providers/runtime/index.js';
import { ScriptedModel, type ScriptedStep } from '../../src/testing/index.js';
import { deterministicSources, ROUTE, smallComposition } from './runtime-scenario.js';

/** True for a request of the agent whose first message is `task`. */
export const asks = (task: string) => (request: ModelRequest): boolean => request.messages[0] !== undefined && textOf(request.messages[0].content) === task;

/** Restricts a step to the agent whose first message is `task`. */
export const by = (task: string, step: ScriptedStep): ScriptedStep => ({ ...step, match: asks(task) });

/** A step that holds its model call open until the call is aborted; `called` resolves once the call is made. */
export function hangingStep(task: string): { step: ScriptedStep; called: Promise<void> } {
  let markCalled!: () => void;
  const called = new Promise<void>((resolve) => (markCalled = resolve));
  const step: ScriptedStep = {
    label: 'hangs until aborted',
    text: 'never delivered',
    match: asks(task),
    before: (_request, signal) => {
      markCalled();
      return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
    },
  };
  return { step, called };
}

/** A host over `smallComposition` plus the job controls; `jobs: false` leaves the job service out. */
export function jobHost(steps: ScriptedStep[], options: { jobs?: boolean; provider?: SubagentProvider } = {}) {
  const model = new ScriptedModel(steps);
  const base = smallComposition();
  const composition = options.jobs === false ? base : { ...base, sections: [...base.sections, JOBS_SECTION], tools: [...base.tools, ...JOB_TOOLS] };
  const jobs = options.jobs === false ? undefined : new JobRegistry();
  const host = new AgentHost({ composition, model, ...deterministicSources(), ...(jobs === undefined ? {} : { jobs }) });
  host.subagents.registerProvider(options.provider ?? createSpawnProvider());
  host.subagents.registerProvider(createForkProvider());
  const parent = host.createAgent({ ...ROUTE, cwd: '/work/project' });
  return { model, host, jobs, parent };
}
