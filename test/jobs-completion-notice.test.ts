import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AgentHost, JobRegistry, spentWakes, type JobOutcome } from '../src/providers/runtime/index.js';
import { ScriptedModel } from '../src/testing/index.js';
import { describeWithCorpus } from './support/corpus.js';
import { ACP, readRows } from './support/runtime-corpus.js';
import { deterministicSources, prompt, ROUTE, settleAll, smallComposition, textStep } from './support/runtime-scenario.js';

function idleOwner(steps: number) {
  const jobs = new JobRegistry();
  const model = new ScriptedModel(Array.from({ length: steps }, (_, index) => textStep(`turn ${index + 1}`)));
  const host = new AgentHost({ composition: smallComposition(), model, jobs, ...deterministicSources() });
  const owner = host.createAgent({ ...ROUTE, cwd: '/work/project' });
  const finish = (label: string, outcome: JobOutcome) => jobs.start({ kind: 'bash', label, owner, run: () => ({ cancel: () => {}, done: Promise.resolve(outcome) }) });
  return { jobs, model, host, owner, finish };
}

describeWithCorpus('dsh/examples/acp-agent/tests/snapshots/missing-sandbox-runner', 'jobs: completion notices to an idle owner', () => {
  it('wakes an idle owner with a next turn holding the notice, sourced from tool-jobs with the bounded summary', async () => {
    const { host, owner, model, finish } = idleOwner(1);
    const recorded = readRows(path.join(ACP, 'missing-sandbox-runner/session.jsonl')).find((row) => row.type === 'user/message' && row.data.source.plugin === 'tool-jobs')!;
    finish('true', { status: 'killed', detail: 'killed before exit' });
    await new Promise((resolve) => setImmediate(resolve));
    await settleAll(host);
    model.assertConsumed();
    const notice = owner.session.events.find((event) => event.type === 'user/message')!.data as { content: unknown; source: unknown };
    // The notice missing-sandbox-runner/session.jsonl records for its killed background bash job.
    expect(notice.content).toEqual(recorded.data.content);
    expect(notice.source).toEqual(recorded.data.source);
    expect(owner.session.events.filter((event) => event.type === 'turn/start')).toHaveLength(1);
  });

});

describe('jobs: the wake budget of completion notices', () => {
  it('opens at most three turns in a row without user input; the fourth notice waits as next-step input, and user input refills the budget', async () => {
    const { host, owner, model, finish } = idleOwner(4);
    for (let index = 1; index <= 4; index++) {
      finish(`job ${index}`, { status: 'completed' });
      await new Promise((resolve) => setImmediate(resolve));
      await settleAll(host);
    }
    expect(owner.session.events.filter((event) => event.type === 'turn/start')).toHaveLength(3);
    expect(spentWakes(owner.session.events)).toBe(3);
    await prompt(owner, 'carry on');
    await settleAll(host);
    model.assertConsumed();
    // The user's turn claimed the waiting fourth notice at its first step; no fifth turn opened.
    const turns = owner.session.events.filter((event) => event.type === 'turn/start');
    expect(turns).toHaveLength(4);
    const fourth = owner.session.events.findIndex((event) => event.type === 'user/message' && JSON.stringify(event.data).includes('bash-4'));
    expect(fourth).toBeGreaterThan(owner.session.events.indexOf(turns[3]!));
    expect(spentWakes(owner.session.events)).toBe(0);
  });
});
