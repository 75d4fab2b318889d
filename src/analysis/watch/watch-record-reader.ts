import { InputError } from '../../prefix/index.js';
import { fileHead, type SessionReader } from '../inputs/session-reader.js';
import { routeLabel } from '../causes/wording.js';
import type { CachePolicyName } from '../policies/cache-policy.js';
import type { PolicyLookup } from '../shipped-policies/policy-choice.js';
import { notReplayedOf, replayRecordedSessions, type RecordedStep } from './replay-watch-record.js';
import type { RequestAnalysis, RequestDivergence, SessionAnalysis, SessionTreeAnalysis } from '../result/session-analysis.js';
import { isWatchRecordLine, type WatchRecordLine } from './watch-record.js';
import { inputLimit } from '../../providers/input/input-chunks.js';

/**
 * The divergence a report gives the request: the recorded one, unless the watch found that the
 * request lost reuse to an idle gap (it only extended or repeated an earlier request whose cache
 * entry had expired). Then the cache broke at the TTL, not at a byte, and the cause is `ttl`, as the
 * Claude Code replay names an idle gap: `--fail-on any-break` fails on it and "where the cache
 * went" counts it as an idle gap.
 */
function divergenceOf(line: WatchRecordLine): RequestDivergence | null {
  if (line.loss?.cause !== 'ttl') return line.divergence;
  return { kind: null, name: null, cause: 'ttl', detail: line.loss.detail, inferred: false, against: line.divergence?.against ?? null };
}

/** A record line as the request analysis every report reads. */
function requestOf(line: WatchRecordLine): RequestAnalysis {
  return {
    index: line.routeIndex,
    time: line.time,
    route: { provider: line.route.provider, model: line.route.model },
    tokens: line.tokens,
    predicted: line.predicted,
    observed: line.observed,
    divergence: divergenceOf(line),
    cost: line.cost,
    segments: line.segments,
  };
}

/**
 * A file's lines by run, runs in the order they first appear and each run's lines in request order.
 * Each watch numbers its requests from 0: two runs appended to one file (or test workers sharing
 * one) are told apart by the run id every line carries; lines written before run ids were recorded
 * make one run.
 */
function runsOf(lines: readonly WatchRecordLine[]): WatchRecordLine[][] {
  const runs = new Map<string, WatchRecordLine[]>();
  for (const line of lines) {
    const run = line.run ?? '';
    let group = runs.get(run);
    if (!group) runs.set(run, (group = []));
    group.push(line);
  }
  return [...runs.values()].map((group) => group.sort((a, b) => a.id - b.id));
}

/** The lines of every file by the cache policy the watch used (one tree each). */
function linesByPolicy(files: readonly { readonly lines: readonly WatchRecordLine[] }[]): Map<CachePolicyName, WatchRecordLine[]> {
  const byPolicy = new Map<CachePolicyName, WatchRecordLine[]>();
  for (const { lines } of files) {
    for (const line of lines) {
      let group = byPolicy.get(line.policy);
      if (!group) byPolicy.set(line.policy, (group = []));
      group.push(line);
    }
  }
  return byPolicy;
}

/**
 * The session trees of watch record files: one tree per cache policy the watch used, one session per
 * file and route (named by its route, as the record's divergences name the requests they compare
 * with), requests in the order they were sent. The predictions are the ones the watch made when the
 * requests were sent. With `replayWith` (a what-if), each tree is predicted again under the policy it
 * gives, from the policy input every line keeps; a tree with a line that keeps none (an older record)
 * stays as recorded and says how many requests could not be replayed (`notReplayed`).
 */
export function watchRecordTrees(files: readonly { readonly label: string; readonly lines: readonly WatchRecordLine[] }[], policyChoice: string, replayWith?: PolicyLookup): SessionTreeAnalysis[] {
  const trees = new Map<CachePolicyName, { tokenizer: string; sessions: Map<string, SessionAnalysis & { requests: RequestAnalysis[]; at: number }>; steps: RecordedStep[]; refused: number; guesses: Set<string>; problems: Set<string> }>();
  const notReplayed = new Map([...linesByPolicy(files)].map(([policy, lines]) => [policy, replayWith === undefined ? null : notReplayedOf(lines)]));
  for (const { label, lines } of files) {
    const runs = runsOf(lines);
    for (const run of runs) {
      for (const line of run) {
        let tree = trees.get(line.policy);
        if (!tree) trees.set(line.policy, (tree = { tokenizer: line.tokenizer, sessions: new Map(), steps: [], refused: 0, guesses: new Set(), problems: new Set() }));
        const route = routeLabel(line.route);
        const id = runs.length > 1 && line.run !== undefined ? `${route} (run ${line.run})` : route;
        const key = `${label}\u0000${line.run ?? ''}\u0000${route}`;
        let session = tree.sessions.get(key);
        if (!session) tree.sessions.set(key, (session = { file: label, id, format: 'wire', parentSession: null, seedLength: null, requests: [], at: tree.sessions.size }));
        const recorded = requestOf(line);
        session.requests.push(recorded);
        tree.steps.push({ line, session: session.at, recorded });
        if (line.stored === false) tree.refused++;
        if (typeof line.providerGuess === 'string') tree.guesses.add(line.providerGuess);
        for (const problem of line.problems ?? []) tree.problems.add(`${problem.message} (rule ${problem.rule}, ${problem.source})`);
      }
    }
  }
  return [...trees].map(([policy, tree]) => {
    const missing = notReplayed.get(policy) ?? null;
    const replayed = replayWith !== undefined && missing === null;
    const recordedSessions = [...tree.sessions.values()].map(({ at: _at, ...session }) => session);
    return {
    policy,
    tokenizer: tree.tokenizer,
    sessions: replayed ? replayRecordedSessions(replayWith(policy), recordedSessions, tree.steps) : recordedSessions,
    ...(missing === null ? {} : { notReplayed: missing }),
    notes: [
      replayed
        ? 'predicted again under the replay\'s policy from the policy input the watch recorded for each request (its matches, ages and breakpoints); causes as the watch inferred them from the request bytes'
        : 'predictions and causes as the watch made them when each request was sent (causes inferred from the request bytes)',
      ...(policyChoice !== 'auto' && policyChoice !== policy ? [`--policy ${policyChoice} does not apply: a watch record holds the ${policy} predictions made at run time`] : []),
      ...(tree.refused > 0 ? [`${tree.refused} request${tree.refused === 1 ? '' : 's'} the provider did not accept (an error status, a failure or a cancel before any answer): no cache entry was written, and later predictions do not read from ${tree.refused === 1 ? 'it' : 'them'}`] : []),
      ...[...tree.guesses].map((guess) => `watch: ${guess}`),
      ...[...tree.problems].map((problem) => `request check: ${problem}`),
    ],
    };
  });
}

/** Files written by `watchFetch({ record })`: JSONL whose lines are watch record lines. */
export const watchRecordReader: SessionReader = {
  name: 'watch',
  reads: 'kvprefix watch records (.jsonl written by watchFetch)',
  claims: async (input, kind) => kind === 'file' && input.file.endsWith('.jsonl') && isWatchRecordLine((await fileHead(input.file)).split('\n', 1)[0] ?? ''),
  async analyze(inputs, options) {
    // The record schema (zod) loads on first use: a run over Claude Code transcripts never compiles it.
    const { readWatchRecord } = await import('./read-watch-record.js');
    const files = [];
    for (const input of inputs) {
      try {
        files.push({ label: input.label, lines: await readWatchRecord(input.file, input.label, inputLimit(options)) });
      } catch (error) {
        if (input.named !== false || !(error instanceof InputError) || !options.skip) throw error;
        options.skip(input.label, error.message);
      }
      options.onFile?.(input.label);
    }
    return watchRecordTrees(files, options.policy, options.replayWatchRecords === true ? options.policyByName : undefined);
  },
};
