import type { SessionAnalysis, SessionTreeAnalysis } from '../result/session-analysis.js';
import type { ChildBreak } from './child-break.js';

/**
 * The replayed tree with each child's first-request cause replaced by its `ChildBreak`, so that
 * every report of the demo (text, JSON, the HTML bars) names the same cause. The replay renders
 * DeepSeek V4's prompt as one `system` text and can only infer a cause from it (`system` for a
 * continuable fork); the break compares the same two requests with the prompt cut into the host's
 * sections and names it exactly (`report-tool`). Only the cause, its sentence and `inferred` are
 * taken: where the break sits on the bar stays the replay's own segment.
 */
export function treeWithChildCauses(tree: SessionTreeAnalysis, breaks: ReadonlyMap<string, { readonly parentIndex: number; readonly break: ChildBreak | null }>): SessionTreeAnalysis {
  const root = tree.sessions[0];
  const sessions = tree.sessions.map((session): SessionAnalysis => {
    const child = breaks.get(session.id);
    const [first, ...rest] = session.requests;
    const divergence = first?.divergence;
    // Only when the break compared the very requests the bar is drawn against: another pair may part elsewhere.
    if (!child?.break || !first || !divergence || !root || divergence.against?.session !== root.id || divergence.against.index !== child.parentIndex) return session;
    const { cause, text: detail, inferred } = child.break;
    return { ...session, requests: [{ ...first, divergence: { ...divergence, cause, detail, inferred } }, ...rest] };
  });
  return { ...tree, sessions };
}
