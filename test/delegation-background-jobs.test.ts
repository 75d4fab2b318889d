import { getEventListeners } from 'node:events';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSpawnProvider, JOB_TOOLS, JOBS_SECTION_TEXT, type StopReason, type SubagentProvider } from '../src/providers/runtime/index.js';
import { describeWithCorpus } from './support/corpus.js';
import { by, hangingStep, jobHost } from './support/job-scenario.js';
import { ACP, readPin, readRows, type Row } from './support/runtime-corpus.js';
import { callStep, lastToolResult, prompt, settleAll, textStep } from './support/runtime-scenario.js';

const TASK = 'Reply with exactly CHILD_DONE.';
const PARENT = 'Delegate in the background, then collect.';

/** Every tool result text of an agent's log, in order. */
function toolResults(rows: readonly { type: string; data?: unknown }[]): string[] {
  return rows
    .filter((row) => row.type === 'tool/result')
    .map((row) => (row.data as { message: { content: { content: { text: string }[] }[] } }).message.content[0]!.content.map((part) => part.text).join(''));
}

/** The user messages the job controller wrote (completion notices). */
function notices(rows: readonly { type: string; data?: unknown }[]): { text: string; source: unknown }[] {
  return rows
    .filter((row) => row.type === 'user/message' && (row.data as { source?: { plugin?: string } }).source?.plugin === 'tool-jobs')
    .map((row) => {
      const data = row.data as { content: { text: string }[]; source: unknown };
      return { text: data.content.map((block) => block.text).join(''), source: data.source };
    });
}

describe('delegation: one-shot background runs as jobs', () => {
  it('returns `started background subagent job subagent-1`, and job_output with wait collects the child result then `[status: completed]`', async () => {
    const { parent, host, model } = jobHost([
      callStep('subagent', { description: 'Child task', prompt: TASK, run_in_background: true }),
      by(TASK, textStep('CHILD_DONE')),
      callStep('job_output', { job_id: 'subagent-1', wait: true }),
      textStep('collected'),
    ]);
    await prompt(parent, PARENT);
    await settleAll(host);
    model.assertConsumed();
    expect(toolResults(parent.session.events)).toEqual(['started background subagent job subagent-1', 'CHILD_DONE\n[status: completed]']);
    // The wait reported the settlement, so no completion notice was owed.
    expect(notices(parent.session.events)).toEqual([]);
  });

  it('without the job service, the call still fails with "background jobs unavailable"', async () => {
    const { parent, model } = jobHost([callStep('subagent', { description: 'd', prompt: TASK, run_in_background: true }), textStep('saw it')], { jobs: false });
    await prompt(parent, PARENT);
    model.assertConsumed();
    expect(lastToolResult(parent)).toEqual({ text: 'Error: background jobs unavailable: load @deepseek-ai/dsh-jobs and @deepseek-ai/dsh-tool-jobs', isError: true });
  });

  it('job_kill aborts the child: its run ends `aborted`, the job settles `killed`, and no child, signal listener or notice is left', async () => {
    const signals: AbortSignal[] = [];
    const spawn = createSpawnProvider();
    const provider: SubagentProvider = { ...spawn, start: (request) => (signals.push(request.signal), spawn.start(request)) };
    const hanging = hangingStep(TASK);
    const { parent, host, model, jobs } = jobHost(
      [
        callStep('subagent', { description: 'Long child', prompt: TASK, run_in_background: true }),
        hanging.step,
        // The parent kills the job while the child's model call is in flight.
        { ...callStep('job_kill', { job_id: 'subagent-1', reason: 'no longer needed' }), before: () => hanging.called },
        callStep('job_output', { job_id: 'subagent-1', wait: true }),
        textStep('stopped'),
      ],
      { provider },
    );
    const ends: StopReason[] = [];
    host.subagents.on('subagent/end', (event) => void (event.stopReason !== 'rejected' && ends.push(event.stopReason)));
    await prompt(parent, PARENT);
    await settleAll(host);
    model.assertConsumed();
    expect(toolResults(parent.session.events)).toEqual(['started background subagent job subagent-1', 'requested cancellation of job subagent-1', '(no new output)\n[status: killed]']);
    expect(ends).toEqual(['aborted']);
    expect(jobs!.get('subagent-1', parent)).toMatchObject({ status: 'killed', label: 'Long child', kind: 'subagent' });
    expect(signals[0]!.reason).toBe('no longer needed');
    expect([...host.agents.values()]).toEqual([parent]);
    expect(getEventListeners(signals[0]!, 'abort')).toEqual([]);
    expect(notices(parent.session.events)).toEqual([]);
  });

  it("disposing the parent stops its running jobs and waits for the children's disposal", async () => {
    const hanging = hangingStep(TASK);
    const { parent, host, jobs } = jobHost([callStep('subagent', { description: 'Long child', prompt: TASK, run_in_background: true }), hanging.step, textStep('started it')]);
    await prompt(parent, PARENT);
    await hanging.called;
    expect(jobs!.list(parent).map((job) => job.status)).toEqual(['running']);
    await parent.dispose();
    expect(host.agents.size).toBe(0);
    expect(jobs!.list(parent)).toEqual([]);
  });
});

describeWithCorpus('dsh/examples/acp-agent/tests/snapshots/product-subagent-result-diagnostic', 'delegation: background job texts as DSH records them', () => {
  const scenario = () => readRows(path.join(ACP, 'product-subagent-result-diagnostic/session.jsonl'));

  it('a failed background child: the start text, the completion notice (text and source) at the next step, and job_output `(no new output)` with the failure status', async () => {
    const rows: Row[] = scenario();
    const recordedResults = toolResults(rows);
    const recordedNotices = notices(rows);
    const diagnostic = 'Product subagent failure (product: Claude Code; stage: query-run; category: error_max_budget_usd)';
    // The recorded product provider failed with this diagnostic; an in-process stand-in reports the same result.
    const spawn = createSpawnProvider();
    const failing: SubagentProvider = {
      ...spawn,
      start: async (request) => {
        const run = await spawn.start(request);
        return { ...run, result: run.result.then((result) => ({ ...result, stopReason: 'error' as const, diagnostic })) };
      },
    };
    let settled!: () => void;
    const jobSettled = new Promise<void>((resolve) => (settled = resolve));
    const { parent, host, model, jobs } = jobHost(
      [
        callStep('subagent', { description: 'Observe Claude background diagnostic', prompt: TASK, run_in_background: true }),
        by(TASK, textStep('partial assistant text')),
        // The parent is busy when the job settles, so the notice waits for its next step (as recorded).
        { ...callStep('note', { text: 'waiting' }), before: () => jobSettled },
        { ...callStep('job_output', { job_id: 'subagent-1', wait: true }), expect: (request) => JSON.stringify(request.messages.at(-1)).includes('Read its output with job_output.') },
        textStep('PARENT_OBSERVED_DIAGNOSTICS'),
      ],
      { provider: failing },
    );
    jobs!.onJobDone(() => settled());
    await prompt(parent, PARENT);
    await settleAll(host);
    model.assertConsumed();
    expect(toolResults(parent.session.events)).toEqual([recordedResults[1], 'noted', recordedResults[2]]);
    expect(notices(parent.session.events)).toEqual([recordedNotices[0]]);
  });

  it('job_kill reads as the recorded kill of bash-1, with the subagent job id', () => {
    const recorded = toolResults(readRows(path.join(ACP, 'background-job-admission/session.jsonl')));
    expect(recorded).toContain('requested cancellation of job bash-1');
  });
});

describeWithCorpus('dsh/examples/acp-agent/tests/snapshots/advanced-toolchain', 'delegation: the job controls as the pinned head shows them', () => {
  it('job_output, job_list and job_kill have the pinned schemas, and `tool:jobs` the pinned guidance text', () => {
    const pin = readPin('advanced-toolchain');
    for (const tool of JOB_TOOLS) {
      const pinned = pin.tools.find((candidate) => candidate.name === tool.name);
      expect({ name: tool.name, description: tool.description, parameters: tool.parameters }).toEqual(pinned);
    }
    expect(pin.system).toContain(`\n\n${JOBS_SECTION_TEXT}\n\n`);
  });
});
