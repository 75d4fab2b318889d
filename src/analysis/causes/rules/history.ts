import { DIVERGENCE_CAUSE_FACTS } from '../divergence-cause.js';
import type { CauseRule } from '../cause-rule.js';
import { firstDifferingPath } from '../json-difference.js';
import { plural, quote } from '../wording.js';
import { messagesAt } from './message-roles.js';

/** Any other difference among the messages: an inherited message changed, or the child drops some. */
export const historyRule: CauseRule = {
  cause: 'history',
  ...DIVERGENCE_CAUSE_FACTS.history,
  when: 'the first difference is in a history message',
  attribute({ parent, child, divergence }) {
    const at = messagesAt(parent, child, divergence);
    if (at.parent && !at.child) {
      const dropped = parent.segments.length - divergence.parent!.index;
      return { name: at.parent.name, detail: `the child ends where the parent goes on: it leaves out ${plural(dropped, 'message')} from ${quote(at.parent.name)}`, side: 'parent' };
    }
    const segment = at.parent ?? at.child;
    if (!segment) return null;
    const path = at.parent && at.child ? firstDifferingPath(at.parent.text, at.child.text) : undefined;
    const where = path ? ` at ${path}` : '';
    return { name: segment.name, detail: `history message ${quote(segment.name)} differs${where}: it and every message after it are prefilled again` };
  },
};
