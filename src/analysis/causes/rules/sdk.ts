import { DIVERGENCE_CAUSE_FACTS } from '../divergence-cause.js';
import type { CauseRule } from '../cause-rule.js';
import { describeSectionChange, sectionChange } from './named-section.js';

/** The Code Mode binding block's section id (a `sdk` segment). */
export const SDK_SECTION = 'tools:sdk';

/** The generated SDK bindings differ: they follow the tools the child can see. */
export const sdkRule: CauseRule = {
  cause: 'sdk',
  ...DIVERGENCE_CAUSE_FACTS.sdk,
  when: `the generated bindings section '${SDK_SECTION}' differs`,
  attribute(context) {
    const change = sectionChange(context, SDK_SECTION);
    if (!change) return null;
    return {
      name: SDK_SECTION,
      detail: `the generated SDK bindings: ${describeSectionChange(change, 'block')} (they are generated from the tools the agent can see)`,
      position: [context.head.partRank.sections, change.index],
      side: change.how === 'removed' ? 'parent' : 'child',
    };
  },
};
