import type { AgentHandle } from '../loop/agent-contract.js';

/** True while the agent still owns live work: a child in the registry or an unfinished job. */
export function ownsLiveWork(agent: AgentHandle): boolean {
  for (const other of agent.host.agents.values()) if (other.parent === agent) return true;
  return agent.host.jobs?.list(agent).some((job) => job.status === 'running' || job.status === 'stopping') ?? false;
}

/**
 * Defers a settled continuable child's release until the work it still owns ends (DSH keeps the
 * resident handle while the child owns a live child or a running job, and releases it once that
 * work is over). Watches the two ways such work ends — a child of this agent leaving the registry,
 * a job it owns settling — and calls `release` once the agent is idle and owns nothing live. The
 * ending work may first wake the agent with a notice (a grandchild's settlement, a job's
 * completion), so the check waits for that turn to end. Returns the canceller; the watch also ends
 * on its own when the agent leaves the registry by another path (a disposal), so nothing stays
 * subscribed.
 */
export function releaseWhenQuiet(agent: AgentHandle, release: () => void): () => void {
  let watching = true;
  const detachers: (() => void)[] = [];
  const stop = (): void => {
    watching = false;
    for (const detach of detachers.splice(0)) detach();
  };
  const check = async (): Promise<void> => {
    await agent.whenIdle();
    if (!watching || agent.status !== 'idle' || ownsLiveWork(agent)) return;
    stop();
    release();
  };
  detachers.push(
    agent.host.onAgentUnpublished((gone) => {
      if (gone === agent) stop();
      else if (gone.parent === agent) void check();
    }),
  );
  const jobs = agent.host.jobs;
  if (jobs !== undefined) {
    detachers.push(
      jobs.onJobDone((_snapshot, owner) => {
        if (owner === agent) void check();
      }),
    );
  }
  return stop;
}
