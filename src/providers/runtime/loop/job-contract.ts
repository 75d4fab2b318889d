/*
 * The background-job contract's data (DSH `ctx.jobs`): a job's declaration, lifecycle, outcome and
 * what reading it returns. The service and a job's owner are agent-bound, so they are declared with
 * the agent (`agent-contract.ts`), which imports this file and never the other way round.
 */
/** A job's lifecycle (DSH `JobStatus`): `running`, optionally `stopping`, then one terminal status. */
export type JobStatus = 'running' | 'stopping' | 'completed' | 'killed' | 'failed';

/** How a job's work ended, as its producer reports it (DSH `JobOutcome`). */
export interface JobOutcome {
  readonly status: 'completed' | 'killed' | 'failed';
  /** Kind-specific detail rendered into status lines (`error; diagnostic: …`). */
  readonly detail?: string;
  /** Final output of a final-output job (a subagent's text). */
  readonly output?: string;
}

/** The hooks a producer returns when its job starts (DSH `JobHooks`). */
export interface JobHooks {
  /** Requests termination; synchronous and idempotent, and it eventually settles `done`. */
  cancel(reason?: string): void;
  /** Resolves after the producer released its resources; never rejects. */
  readonly done: Promise<JobOutcome>;
}

/** A producer's declaration of one background job, before it has an owner (DSH `JobStart` without `owner`). */
export interface JobSpec {
  /** Producer kind, also the id prefix (`subagent`, `bash`). */
  readonly kind: string;
  /** One-line model-facing label (the delegation's description). */
  readonly label: string;
  /** Starts the work once the registry admitted the job; called once. */
  run(): JobHooks;
}

/** A read-only copy of one job (DSH `JobSnapshot`). */
export interface JobSnapshot {
  /** `<kind>-<n>`, numbered per kind from 1. */
  readonly id: string;
  readonly kind: string;
  readonly label: string;
  readonly ownerSession: string;
  readonly status: JobStatus;
  readonly detail?: string;
  readonly startedAt: number;
  readonly finishedAt?: number;
  /** True once a kill, read or wait reported (or will report) the terminal state: no completion notice is owed. */
  readonly reported: boolean;
}

/** What a read returns: the job's output (final-output jobs: empty until settled) and its state. */
export interface JobRead {
  readonly text: string;
  readonly snapshot: JobSnapshot;
}
