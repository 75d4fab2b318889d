import { DIVERGENCE_CAUSE_FACTS } from '../divergence-cause.js';
import type { CauseRule } from '../cause-rule.js';
import { quote } from '../wording.js';
import { isRuntimeContext, messagesAt } from './message-roles.js';

/** DSH's runtime-context snapshot after the step's input differs (its cwd, date or delegation context changed). */
export const runtimeContextRule: CauseRule = {
  cause: 'runtime-context',
  ...DIVERGENCE_CAUSE_FACTS['runtime-context'],
  when: "the first difference is in DSH's runtime-context snapshot message",
  attribute({ parent, child, divergence }) {
    const at = messagesAt(parent, child, divergence);
    const segment = [at.child, at.parent].find((candidate) => candidate !== undefined && isRuntimeContext(candidate));
    if (!segment) return null;
    return {
      name: segment.name,
      detail: `the runtime-context snapshot ${quote(segment.name)} differs: DSH rebuilds it for each input, and everything after it is prefilled again`,
      side: at.child === segment ? 'child' : 'parent',
    };
  },
};
