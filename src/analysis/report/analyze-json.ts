import type { AnalyzeResult } from '../analyze/analyze-paths.js';
import { overallTotals, treeTotals } from '../analyze/analyze-totals.js';
import { predictionAccuracy } from '../replay/prediction-accuracy.js';

/**
 * The `--json` document of `kvprefix analyze`: every session (flat, in input order, each naming its
 * tree), every tree with its policy, tokenizer, notes, session files, totals and duplication account (null without children), the overall totals,
 * and what was skipped.
 */
export function analyzeJson(result: AnalyzeResult) {
  return {
    sessions: result.trees.flatMap((tree, index) => tree.sessions.map((session) => ({ ...session, tree: index }))),
    trees: result.trees.map((tree, index) => ({ policy: tree.policy, tokenizer: tree.tokenizer, notes: tree.notes, sessions: tree.sessions.map((session) => session.file), totals: treeTotals(tree), duplication: result.duplications[index] ?? null, ...(tree.heads ? { heads: tree.heads } : {}), accuracy: predictionAccuracy([tree]) })),
    totals: overallTotals(result.trees),
    // How well the predictions matched the usage the input logged: the user's own check of whether to trust them.
    accuracy: predictionAccuracy(result.trees),
    currency: result.currency,
    skipped: result.skipped,
  };
}
