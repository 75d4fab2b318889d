import type { PolicyLookup } from '../shipped-policies/policy-choice.js';
import { treeLabel, windowedTree } from '../analyze/analyze-report.js';
import type { TimeWindow } from '../analyze/time-window.js';
import type { SessionTreeAnalysis } from '../result/session-analysis.js';
import type { RowWriter } from './row-writer.js';

/** What decides which rows of an analysis are written. */
export interface RowsSelection {
  readonly window: TimeWindow;
  /** Only trees whose project contains this. */
  readonly project?: string;
  readonly policyByName: PolicyLookup;
  /**
   * Keep each tree (without its segments) in the analysis after its rows are written, e.g. for a
   * `--fail-on` verdict. Default false: a tree is dropped once written, so memory holds none.
   */
  readonly keep?: boolean;
}

function withoutSegments(tree: SessionTreeAnalysis): SessionTreeAnalysis {
  return { ...tree, sessions: tree.sessions.map((session) => ({ ...session, requests: session.requests.map(({ segments: _segments, ...request }) => request) })) };
}

/**
 * The `settle` of `analyzePaths` that writes each tree's rows as soon as it is replayed: the window
 * and `--project` applied as the reports apply them, the tree's label read as theirs is.
 */
export function settleIntoRows(writer: RowWriter, selection: RowsSelection): (tree: SessionTreeAnalysis, reader: string) => Promise<SessionTreeAnalysis | null> {
  return async (tree, reader) => {
    const label = await treeLabel(tree, tree.label);
    if (selection.project !== undefined && !(label.project ?? '').includes(selection.project)) return null;
    const kept = windowedTree(tree, selection.window);
    if (kept === null) return null;
    writer.tree(kept, { reader, project: label.project, policy: selection.policyByName(kept.policy) });
    return selection.keep === true ? withoutSegments(kept) : null;
  };
}
