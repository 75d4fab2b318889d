import type { AgentHandle, JobDoneListener, JobService, JobStart } from '../loop/agent-contract.js';
import type { JobOutcome, JobRead, JobSnapshot, JobStatus } from '../loop/job-contract.js';
import { JobError } from './job-error.js';

/** Active (`running` + `stopping`) jobs one owner may hold (dsh-jobs-local `maxConcurrentJobsPerOwner` default). */
export const DEFAULT_MAX_JOBS_PER_OWNER = 10;

/** Options of `JobRegistry`. */
export interface JobRegistryOptions {
  /** Active jobs per owner (default 10). */
  readonly maxJobsPerOwner?: number;
  /** Clock for `startedAt` / `finishedAt` (default `Date.now`). */
  readonly clock?: () => number;
}

interface TrackedJob {
  readonly id: string;
  readonly kind: string;
  readonly label: string;
  readonly owner: AgentHandle;
  readonly cancel: (reason?: string) => void;
  status: JobStatus;
  detail: string | undefined;
  output: string | undefined;
  readonly startedAt: number;
  finishedAt: number | undefined;
  reported: boolean;
  waiters: number;
  readonly settled: Promise<void>;
  readonly markSettled: () => void;
}

const isTerminal = (status: JobStatus): boolean => status === 'completed' || status === 'killed' || status === 'failed';

/**
 * The in-process background-job service (DSH `dsh-jobs-local`): ids `<kind>-<n>` counted per kind,
 * records kept in memory, every job fenced to its owning agent. A producer's `done` settles the
 * record once (first outcome wins); then waiters are released and completion listeners run, so a
 * listener that opens a model turn sees the committed record. An owner's disposal cancels and awaits
 * its jobs, and claims their report: nobody is left to read a notice.
 */
export class JobRegistry implements JobService {
  readonly #jobs = new Map<string, TrackedJob>();
  readonly #counters = new Map<string, number>();
  readonly #listeners = new Set<JobDoneListener>();
  readonly #maxJobsPerOwner: number;
  readonly #clock: () => number;

  constructor(options: JobRegistryOptions = {}) {
    this.#maxJobsPerOwner = options.maxJobsPerOwner ?? DEFAULT_MAX_JOBS_PER_OWNER;
    this.#clock = options.clock ?? Date.now;
  }

  start(spec: JobStart): string {
    if (spec.kind === '') throw new JobError('job/invalid-kind', 'invalid job kind: expected a non-empty string');
    if (spec.label === '') throw new JobError('job/invalid-label', 'invalid job label: expected a non-empty string');
    const active = [...this.#jobs.values()].filter((job) => job.owner === spec.owner && !isTerminal(job.status)).length;
    if (active >= this.#maxJobsPerOwner) {
      throw new JobError(
        'job/limit',
        `background job limit reached for this owner (limit: ${this.#maxJobsPerOwner}); use job_kill to stop an unneeded job, wait for it to finish, then retry`,
      );
    }
    const hooks = spec.run();
    const count = (this.#counters.get(spec.kind) ?? 0) + 1;
    this.#counters.set(spec.kind, count);
    let markSettled!: () => void;
    const settled = new Promise<void>((resolve) => (markSettled = resolve));
    const job: TrackedJob = {
      id: `${spec.kind}-${count}`,
      kind: spec.kind,
      label: spec.label,
      owner: spec.owner,
      cancel: (reason) => hooks.cancel(reason),
      status: 'running',
      detail: undefined,
      output: undefined,
      startedAt: this.#clock(),
      finishedAt: undefined,
      reported: false,
      waiters: 0,
      settled,
      markSettled,
    };
    this.#jobs.set(job.id, job);
    void hooks.done.then(
      (outcome) => this.#settle(job, outcome),
      // A producer whose `done` rejects broke its contract; the record still settles.
      (error: unknown) => this.#settle(job, { status: 'failed', detail: String(error) }),
    );
    return job.id;
  }

  list(caller: AgentHandle): JobSnapshot[] {
    return [...this.#jobs.values()].filter((job) => job.owner.id === caller.id).map(snapshotOf);
  }

  get(id: string, caller: AgentHandle): JobSnapshot {
    return snapshotOf(this.#expect(id, caller));
  }

  read(id: string, caller: AgentHandle): JobRead {
    const job = this.#expect(id, caller);
    // Final-output jobs: nothing while live, the terminal output once settled (idempotent).
    const text = isTerminal(job.status) ? (job.output ?? '') : '';
    if (isTerminal(job.status)) job.reported = true;
    return { text, snapshot: snapshotOf(job) };
  }

  kill(id: string, caller: AgentHandle, reason?: string): 'requested' | 'already-finished' {
    const job = this.#expect(id, caller);
    if (isTerminal(job.status)) {
      job.reported = true;
      return 'already-finished';
    }
    // Cancel first, so a throwing producer leaves the record unchanged.
    job.cancel(reason);
    if (!isTerminal(job.status)) job.status = 'stopping';
    job.reported = true;
    return 'requested';
  }

  async wait(id: string, timeoutMs: number, caller: AgentHandle, signal?: AbortSignal): Promise<JobSnapshot> {
    const job = this.#expect(id, caller);
    if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) {
      throw new JobError('job/invalid-timeout', `invalid wait timeout: expected a positive number of milliseconds, got ${JSON.stringify(timeoutMs)}`);
    }
    if (!isTerminal(job.status)) {
      if (signal?.aborted) throw new JobError('job/wait-aborted', 'wait aborted');
      job.waiters += 1;
      let timer: ReturnType<typeof setTimeout> | undefined;
      let onAbort: (() => void) | undefined;
      try {
        await new Promise<void>((resolve, reject) => {
          timer = setTimeout(resolve, timeoutMs);
          onAbort = () => reject(new JobError('job/wait-aborted', 'wait aborted'));
          signal?.addEventListener('abort', onAbort, { once: true });
          void job.settled.then(resolve);
        });
      } finally {
        clearTimeout(timer);
        if (onAbort) signal?.removeEventListener('abort', onAbort);
        job.waiters -= 1;
      }
    }
    if (isTerminal(job.status)) job.reported = true;
    return snapshotOf(job);
  }

  /** Observes every settlement (DSH `onJobDone`); returns the unsubscriber. */
  onJobDone(listener: JobDoneListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** How many settlement observers are attached (a released agent must leave none behind). */
  get doneListenerCount(): number {
    return this.#listeners.size;
  }

  async disposeOwned(owner: AgentHandle): Promise<void> {
    const owned = [...this.#jobs.values()].filter((job) => job.owner === owner);
    for (const job of owned) {
      if (isTerminal(job.status)) continue;
      job.reported = true;
      try {
        job.cancel('owner disposed');
        job.status = 'stopping';
      } catch (error) {
        this.#settle(job, { status: 'failed', detail: `cancel threw during teardown; work may be orphaned: ${String(error)}` });
      }
    }
    await Promise.all(owned.map((job) => job.settled));
    for (const job of owned) this.#jobs.delete(job.id);
  }

  #expect(id: string, caller: AgentHandle): TrackedJob {
    const job = this.#jobs.get(id);
    if (job === undefined) throw new JobError('job/unknown', `unknown job ${id}`);
    if (job.owner.id !== caller.id) throw new JobError('job/foreign', `job ${id} belongs to another session`);
    return job;
  }

  #settle(job: TrackedJob, outcome: JobOutcome): void {
    if (isTerminal(job.status)) return;
    job.status = outcome.status;
    job.detail = outcome.detail;
    job.output = outcome.output;
    job.finishedAt = this.#clock();
    // A live wait reports the settlement itself: no notice is owed.
    if (job.waiters > 0) job.reported = true;
    job.markSettled();
    const snapshot = snapshotOf(job);
    for (const listener of this.#listeners) {
      try {
        listener(snapshot, job.owner);
      } catch {
        // Contained: one listener cannot break a settlement that already happened.
      }
    }
  }
}

function snapshotOf(job: TrackedJob): JobSnapshot {
  return {
    id: job.id,
    kind: job.kind,
    label: job.label,
    ownerSession: job.owner.id,
    status: job.status,
    ...(job.detail === undefined ? {} : { detail: job.detail }),
    startedAt: job.startedAt,
    ...(job.finishedAt === undefined ? {} : { finishedAt: job.finishedAt }),
    reported: job.reported,
  };
}
