import { byCodeUnits } from '../claude-code/code-unit-order.js';
import type { SessionTreeAnalysis } from '../result/session-analysis.js';
import type { ZonedClock } from './time-window.js';

/** What `--by` groups requests by. */
export type RollUpKey = 'session' | 'project' | 'day' | 'model';

/** Every `--by` value, in the order the help lists them. */
export const ROLL_UP_KEYS = ['session', 'project', 'day', 'model'] as const satisfies readonly RollUpKey[];

/** One row of a roll-up table: logged usage beside the prediction, summed over the group's requests. */
export interface RollUpRow {
  /** The session id, project name, `YYYY-MM-DD` day or model the row sums. */
  readonly key: string;
  /** For a session row: its title where the transcript has one. */
  readonly title: string | null;
  readonly requests: number;
  /** Logged uncached input tokens. */
  readonly input: number;
  /** Logged output tokens. */
  readonly output: number;
  readonly observed: { readonly cacheRead: number; readonly cacheWrite: number };
  readonly predicted: { readonly cacheRead: number; readonly cacheWrite: number };
  /** Logged read / logged input of every kind (0 with none). */
  readonly hitRate: number;
  readonly cost: { readonly observed: number; readonly predicted: number };
}

/** A tree's name in roll-ups: its project and the title its transcript gives. */
export interface TreeLabel {
  readonly project: string | null;
  readonly title: string | null;
}

interface Sum {
  title: string | null;
  requests: number;
  input: number;
  output: number;
  observedRead: number;
  observedWrite: number;
  predictedRead: number;
  predictedWrite: number;
  observedCost: number;
  predictedCost: number;
}

/**
 * Groups every request of the trees by session (the tree's root session: a subagent's requests count
 * with the session that started it, as Claude Code bills them), project, day (in the clock's time
 * zone) or model. Rows come sorted by key; sessions and projects by their first request's time.
 */
export function rollUp(trees: readonly SessionTreeAnalysis[], labels: readonly TreeLabel[], by: RollUpKey, clock: ZonedClock): RollUpRow[] {
  const sums = new Map<string, Sum & { first: number }>();
  trees.forEach((tree, at) => {
    const label = labels[at] ?? { project: null, title: null };
    const root = tree.sessions[0];
    for (const session of tree.sessions) {
      for (const request of session.requests) {
        const instant = request.time === null ? Number.NaN : Date.parse(request.time);
        const key =
          by === 'session' ? (root?.id ?? session.id)
          : by === 'project' ? (label.project ?? '(unknown project)')
          : by === 'model' ? request.route.model
          : Number.isNaN(instant) ? '(no time)'
          : clock.dayOf(instant);
        let sum = sums.get(key);
        if (sum === undefined) {
          sum = { title: by === 'session' ? label.title : null, first: instant, requests: 0, input: 0, output: 0, observedRead: 0, observedWrite: 0, predictedRead: 0, predictedWrite: 0, observedCost: 0, predictedCost: 0 };
          sums.set(key, sum);
        }
        if (!Number.isNaN(instant) && (Number.isNaN(sum.first) || instant < sum.first)) sum.first = instant;
        sum.requests++;
        sum.predictedRead += request.predicted.cacheRead;
        sum.predictedWrite += request.predicted.cacheWrite;
        sum.predictedCost += request.cost.predicted;
        if (request.observed) {
          sum.input += request.observed.uncached;
          sum.output += request.observed.output ?? 0;
          sum.observedRead += request.observed.cacheRead;
          sum.observedWrite += request.observed.cacheWrite;
          sum.observedCost += request.cost.observed ?? 0;
        }
      }
    }
  });
  const ordered = [...sums].sort(([a, x], [b, y]) => (by === 'day' || by === 'model' ? byCodeUnits(a, b) : x.first - y.first || byCodeUnits(a, b)));
  return ordered.map(([key, sum]) => {
    const all = sum.input + sum.observedRead + sum.observedWrite;
    return {
      key,
      title: sum.title,
      requests: sum.requests,
      input: sum.input,
      output: sum.output,
      observed: { cacheRead: sum.observedRead, cacheWrite: sum.observedWrite },
      predicted: { cacheRead: sum.predictedRead, cacheWrite: sum.predictedWrite },
      hitRate: all === 0 ? 0 : sum.observedRead / all,
      cost: { observed: sum.observedCost, predicted: sum.predictedCost },
    };
  });
}
