import { describe, expect, it } from 'vitest';
import { JobError, JobRegistry, jobKillText, jobListText, type JobOutcome } from '../src/providers/runtime/index.js';
import { ScriptedModel } from '../src/testing/index.js';
import { smallHost } from './support/runtime-scenario.js';

function owners() {
  const { createParent } = smallHost(new ScriptedModel([]));
  return { alice: createParent(), bob: createParent() };
}

/** A job whose outcome the test decides; `cancelled` records the forwarded reason. */
function controllable() {
  let finish!: (outcome: JobOutcome) => void;
  const cancelled: (string | undefined)[] = [];
  const done = new Promise<JobOutcome>((resolve) => (finish = resolve));
  return { finish, cancelled, run: () => ({ cancel: (reason?: string) => void cancelled.push(reason), done }) };
}

describe('jobs: the registry as dsh-jobs-local keeps it', () => {
  it('numbers ids per kind from 1 and fences every job to its owning session', () => {
    const { alice, bob } = owners();
    const jobs = new JobRegistry();
    expect(jobs.start({ kind: 'subagent', label: 'a', owner: alice, run: controllable().run })).toBe('subagent-1');
    expect(jobs.start({ kind: 'bash', label: 'b', owner: alice, run: controllable().run })).toBe('bash-1');
    expect(jobs.start({ kind: 'subagent', label: 'c', owner: bob, run: controllable().run })).toBe('subagent-2');
    expect(jobListText(jobs.list(alice))).toBe('subagent-1 [subagent] running — a\nbash-1 [bash] running — b');
    expect(() => jobs.read('subagent-2', alice)).toThrow(new JobError('job/foreign', 'job subagent-2 belongs to another session'));
    expect(() => jobs.kill('subagent-9', alice)).toThrow(new JobError('job/unknown', 'unknown job subagent-9'));
  });

  it('refuses an eleventh active job of one owner with DSH’s limit message', () => {
    const { alice } = owners();
    const jobs = new JobRegistry();
    for (let index = 0; index < 10; index++) jobs.start({ kind: 'subagent', label: `job ${index}`, owner: alice, run: controllable().run });
    expect(() => jobs.start({ kind: 'subagent', label: 'one more', owner: alice, run: controllable().run })).toThrow(
      new JobError('job/limit', 'background job limit reached for this owner (limit: 10); use job_kill to stop an unneeded job, wait for it to finish, then retry'),
    );
  });

  it('a kill forwards its reason, marks the job `stopping` until the work stops, and a second kill says the job had already finished', async () => {
    const { alice } = owners();
    const jobs = new JobRegistry();
    const job = controllable();
    const id = jobs.start({ kind: 'subagent', label: 'k', owner: alice, run: job.run });
    expect(jobs.kill(id, alice, 'enough')).toBe('requested');
    expect(job.cancelled).toEqual(['enough']);
    expect(jobs.get(id, alice).status).toBe('stopping');
    job.finish({ status: 'killed' });
    await jobs.wait(id, 1000, alice);
    expect(jobs.kill(id, alice)).toBe('already-finished');
    expect(jobKillText('already-finished', jobs.get(id, alice))).toBe(`job ${id} had already finished [status: killed]`);
  });

  it('a timed-out wait leaves the job running; a settlement nobody waited for owes a notice, and reading it reports it', async () => {
    const { alice } = owners();
    const jobs = new JobRegistry();
    const job = controllable();
    const id = jobs.start({ kind: 'subagent', label: 'w', owner: alice, run: job.run });
    expect((await jobs.wait(id, 5, alice)).status).toBe('running');
    const reported = new Promise<boolean>((resolve) => jobs.onJobDone((snapshot) => resolve(snapshot.reported)));
    job.finish({ status: 'completed', output: 'RESULT' });
    expect(await reported).toBe(false);
    expect(jobs.read(id, alice)).toMatchObject({ text: 'RESULT', snapshot: { status: 'completed', reported: true } });
  });

  it('a settlement during a live wait is reported by that wait: the listener sees it reported', async () => {
    const { alice } = owners();
    const jobs = new JobRegistry();
    const job = controllable();
    const id = jobs.start({ kind: 'subagent', label: 'w', owner: alice, run: job.run });
    const reported = new Promise<boolean>((resolve) => jobs.onJobDone((snapshot) => resolve(snapshot.reported)));
    const waiting = jobs.wait(id, 1000, alice);
    job.finish({ status: 'failed', detail: 'error' });
    expect(await reported).toBe(true);
    expect(await waiting).toMatchObject({ status: 'failed', detail: 'error' });
  });
});
