import type { AnalyzeResult } from '../analyze/analyze-paths.js';
import { overallTotals, treeTotals } from '../analyze/analyze-totals.js';
import type { AnalyzeReport } from '../analyze/analyze-report.js';
import { predictionAccuracy } from '../self-check/prediction-accuracy.js';
import type { SessionTreeAnalysis } from '../result/session-analysis.js';

type MaybeReported = AnalyzeResult & { readonly report?: AnalyzeReport };

/** One tree's entry of the `trees` array, without its requests (which sit under `sessions`). */
export function treeJson(result: MaybeReported, tree: SessionTreeAnalysis, index: number) {
  const report = result.report?.trees[index];
  return {
    policy: tree.policy,
    tokenizer: tree.tokenizer,
    notes: tree.notes,
    sessions: tree.sessions.map((session) => session.file),
    totals: treeTotals(tree),
    ...(report === undefined ? {} : { byCause: report.byCause, project: report.label.project, title: report.label.title, whatIf: { ttl: report.ttl, fork: report.fork, forkableSubagents: report.forkable } }),
    duplication: result.duplications[index] ?? null,
    ...(tree.heads ? { heads: tree.heads } : {}),
    accuracy: predictionAccuracy([tree]),
  };
}

/** The members after `trees`: overall totals, where the cache went, the what-ifs and the `--by` rows when reported, currency, skipped. */
export function closingJson(result: MaybeReported) {
  const report = result.report;
  return {
    totals: overallTotals(result.trees),
    // How well the predictions matched the usage the input logged: the user's own check of whether to trust them.
    accuracy: predictionAccuracy(result.trees),
    ...(report === undefined
      ? {}
      : { byCause: report.byCause, whatIf: { ...report.whatIf, forkableSubagents: report.forkableSubagents }, prices: report.prices, ...(report.rollUp === null ? {} : { rollUp: report.rollUp }), source: { folders: report.folders, window: report.window } }),
    currency: result.currency,
    skipped: result.skipped,
  };
}

/**
 * The `--json` document of `kvprefix analyze` as one value: every session (flat, in input order, each
 * naming its tree), every tree with its policy, tokenizer, notes, session files, totals, loss by cause
 * (when reported) and duplication account (null without children), the overall totals, and what was
 * skipped. The CLI writes the same document as a stream (`writeAnalyzeJson`); this builds it whole,
 * for library callers with small inputs.
 */
export function analyzeJson(result: MaybeReported) {
  return {
    sessions: result.trees.flatMap((tree, index) => tree.sessions.map((session) => ({ ...session, tree: index }))),
    trees: result.trees.map((tree, index) => treeJson(result, tree, index)),
    ...closingJson(result),
  };
}
