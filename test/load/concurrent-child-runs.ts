/**
 * Run as its own process (`node --expose-gc --import tsx test/load/concurrent-child-runs.ts`) by
 * test/load-concurrent-child-runs.test.ts, so that its heap, its unhandled rejections and its
 * `global.gc` belong to this load alone. Prints one JSON summary on stdout.
 *
 * Each batch starts 1,000 one-shot children at once (10 per parent, 100 parents) on spawn and fork.
 * The scripted model answers every child after a random delay (0–15 ms) and fails 10% of the calls;
 * 25% of the runs are aborted: 5% before they start, 20% at a random moment while the child
 * waits or streams. The seeded generator makes a run reproducible.
 */
import { getEventListeners } from 'node:events';
import { AgentHost, createForkProvider, createSpawnProvider, type AgentHandle, type HostComposition, type SubagentRun } from '../../src/providers/index.js';
import { requestMentions, ScriptedModel, type ScriptedStep } from '../../src/testing/index.js';

const RUNS = 1000;
const PARENTS = 100;

/** A small deterministic generator (mulberry32), so a failing run can be replayed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const composition: HostComposition = {
  sections: [{ name: 'harness:identity', order: -100, text: 'You are an AI agent powered by DeepSeek Harness.' }],
  tools: [],
  contexts: [],
};

/** A delay that ends early, rejecting, when the call is aborted. */
function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

type Outcome = { kind: 'result'; stopReason: string } | { kind: 'rejected'; code: string } | { kind: 'other'; message: string };

/**
 * The step that answers one child, and only it: a child that never reaches the model (aborted
 * first) leaves its step behind, and no other child takes it. Built at module level so a left-over
 * step holds its own few values, not a whole batch.
 */
function stepFor(task: string, wait: number, fails: boolean): ScriptedStep {
  return {
    label: task,
    match: (request) => requestMentions(request, task),
    text: `done: ${task}`,
    before: async (_request, signal) => {
      await delay(wait, signal);
      if (fails) throw new Error(`model failure: ${task}`);
    },
  };
}

/** What happens to one run: 5% are aborted before the start, 20% at a random later moment. */
interface RunPlan {
  readonly task: string;
  readonly abort: 'before-start' | number | undefined;
}

async function batch(host: AgentHost, model: ScriptedModel, parents: AgentHandle[], next: () => number, name: string) {
  const plans: RunPlan[] = Array.from({ length: RUNS }, (_, index) => {
    const roll = next();
    const task = `task ${name}-${index}`;
    const plan = { task, abort: roll < 0.05 ? ('before-start' as const) : roll < 0.25 ? Math.floor(next() * 20) : undefined };
    // A child aborted before its start never calls the model: it gets no step.
    if (plan.abort !== 'before-start') model.push(stepFor(task, Math.floor(next() * 15), next() < 0.1));
    return plan;
  });
  const controllers: AbortController[] = [];
  const outcomes = await Promise.all(
    plans.map(async ({ task, abort }, index): Promise<Outcome> => {
      const controller = new AbortController();
      controllers.push(controller);
      if (abort === 'before-start') controller.abort(new Error(`abort ${index}`));
      else if (abort !== undefined) setTimeout(() => controller.abort(new Error(`abort ${index}`)), abort);
      const provider = index % 2 === 0 ? 'spawn' : 'fork';
      let run: SubagentRun;
      try {
        run = await host.subagents.start(provider, { parent: parents[index % PARENTS]!, prompt: [{ type: 'text', text: task }], signal: controller.signal });
      } catch (error) {
        // A rejected start consumed no step unless the child was already calling the model.
        return { kind: 'rejected', code: (error as { code?: string }).code ?? String(error) };
      }
      try {
        const result = await run.result;
        return { kind: 'result', stopReason: result.stopReason };
      } catch (error) {
        return { kind: 'other', message: error instanceof Error ? error.message : String(error) };
      } finally {
        await run.dispose();
      }
    }),
  );
  const abortListeners = controllers.reduce((sum, controller) => sum + getEventListeners(controller.signal, 'abort').length, 0);
  return { outcomes, abortListeners };
}

function settledHeap(): number {
  for (let round = 0; round < 4; round++) global.gc!();
  return process.memoryUsage().heapUsed;
}

async function main(): Promise<void> {
  if (typeof global.gc !== 'function') throw new Error('run with --expose-gc');
  const unhandled: string[] = [];
  process.on('unhandledRejection', (reason) => unhandled.push(reason instanceof Error ? reason.message : String(reason)));
  const next = random(Number(process.argv[2] ?? 7));
  const model = new ScriptedModel([]);
  const host = new AgentHost({ composition, model });
  host.subagents.registerProvider(createSpawnProvider());
  host.subagents.registerProvider(createForkProvider());
  const parents = Array.from({ length: PARENTS }, () => host.createAgent({ provider: 'deepseek', model: 'deepseek-v4-flash' }));
  let listenerErrors = 0;
  host.subagents.onListenerError = () => void listenerErrors++;

  // A first batch warms the JIT and the allocator pools; the baseline is taken after it.
  await batch(host, model, parents, next, 'warm-up');
  model.requests.length = 0;
  const baseline = settledHeap();
  const { outcomes, abortListeners } = await batch(host, model, parents, next, 'measured');
  await new Promise((resolve) => setTimeout(resolve, 50));
  model.requests.length = 0;
  const after = settledHeap();

  const count = (predicate: (outcome: Outcome) => boolean) => outcomes.filter(predicate).length;
  const stopReasons: Record<string, number> = {};
  for (const outcome of outcomes) if (outcome.kind === 'result') stopReasons[outcome.stopReason] = (stopReasons[outcome.stopReason] ?? 0) + 1;
  const rejections: Record<string, number> = {};
  for (const outcome of outcomes) if (outcome.kind === 'rejected') rejections[outcome.code] = (rejections[outcome.code] ?? 0) + 1;
  process.stdout.write(
    `${JSON.stringify({
      runs: outcomes.length,
      results: count((outcome) => outcome.kind === 'result'),
      rejected: count((outcome) => outcome.kind === 'rejected'),
      other: outcomes.filter((outcome) => outcome.kind === 'other'),
      stopReasons,
      rejections,
      liveChildren: [...host.agents.values()].filter((agent) => agent.parent !== undefined).length,
      runningAgents: [...host.agents.values()].filter((agent) => agent.status === 'running').length,
      registered: host.agents.size,
      abortListeners,
      unhandled,
      listenerErrors,
      unexpectedRequests: model.failures.map((failure) => failure.message),
      stepsNeverRequested: model.remaining,
      baselineHeap: baseline,
      afterHeap: after,
    })}\n`,
  );
}

await main();
