import type { CauseRule } from '../cause-rule.js';
import { plural, quote } from '../wording.js';

/** The parent has ended where the child goes on: the child only appends, and reuses all the parent sent. */
export const extensionRule: CauseRule = {
  cause: 'extension',
  where: 'messages',
  when: "the parent's request is a prefix of the child's: the child only appends messages",
  attribute({ parent, child, divergence }) {
    if (divergence.parent !== null || divergence.child === null) return null;
    const first = child.segments[divergence.child.index]!;
    const appended = child.segments.length - divergence.child.index;
    const own = parent.segments.filter((segment) => segment.kind === 'message' || segment.kind === 'task').length;
    return {
      name: first.name,
      detail: `the child only appends ${plural(appended, 'message')} (from ${quote(first.name)}) after the parent's ${plural(own, 'message')}: everything the parent sent is reusable`,
      side: 'child',
    };
  },
};
