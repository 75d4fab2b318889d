import { DIVERGENCE_CAUSE_FACTS } from '../divergence-cause.js';
import type { CauseRule } from '../cause-rule.js';
import { plural, quote } from '../wording.js';
import { isTask, messagesAt } from './message-roles.js';

/** The first difference is at a task (a child's first user message, or the latest user input): head and history before it are shared. */
export const taskRule: CauseRule = {
  cause: 'task',
  ...DIVERGENCE_CAUSE_FACTS.task,
  when: "the first difference is at either side's task message",
  attribute({ parent, child, divergence }) {
    const at = messagesAt(parent, child, divergence);
    const childTask = at.child !== undefined && isTask(child, at.child);
    const parentTask = at.parent !== undefined && isTask(parent, at.parent);
    if (!childTask && !parentTask) return null;
    const segment = (childTask ? at.child : at.parent)!;
    const before = (childTask ? divergence.child : divergence.parent)!.index;
    const history = (childTask ? child : parent).segments.slice(0, before).filter((candidate) => candidate.kind === 'message' || candidate.kind === 'task').length;
    return {
      name: segment.name,
      // Neither 'child' nor 'parent': a parent's follow-up is compared with its own previous request too.
      detail: `${childTask ? 'its own task' : "the earlier request's task"} ${quote(segment.name)} is where they part: the head and ${plural(history, 'message')} before it are shared`,
      side: childTask ? 'child' : 'parent',
    };
  },
};
