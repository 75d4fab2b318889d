import { DIVERGENCE_CAUSE_FACTS } from '../divergence-cause.js';
import type { CauseRule } from '../cause-rule.js';
import { plural, quote } from '../wording.js';

/**
 * The earlier request has ended where this one goes on: this one only appends, so all of the earlier
 * request is a shared prefix. The sentence names neither side parent nor child: a replay compares a
 * parent's follow-up with the parent's own previous request as often as a child with its parent.
 * Whether the policy reads that prefix is another matter (a minimum, a breakpoint, a TTL), said
 * beside the numbers (`explainUnreadPrefixes`).
 */
export const extensionRule: CauseRule = {
  cause: 'extension',
  ...DIVERGENCE_CAUSE_FACTS.extension,
  when: 'the earlier request is a prefix of this one: this one only appends messages',
  attribute({ parent, child, divergence }) {
    if (divergence.parent !== null || divergence.child === null) return null;
    const first = child.segments[divergence.child.index]!;
    const appended = child.segments.length - divergence.child.index;
    // Counted, not filtered: a long history's list was copied for its length on every request.
    let own = 0;
    for (const segment of parent.segments) if (segment.kind === 'message' || segment.kind === 'task') own++;
    return {
      name: first.name,
      detail: `only appends ${plural(appended, 'message')} (from ${quote(first.name)}) after the ${plural(own, 'message')} of the request it extends: all of that request is a shared prefix`,
      side: 'child',
    };
  },
};
