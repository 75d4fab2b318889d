import { DIVERGENCE_CAUSE_FACTS } from '../divergence-cause.js';
import type { CauseRule } from '../cause-rule.js';
import { describeSectionChange, sectionChange } from './named-section.js';

/** DSH's run driver shadows the global `deployment:persona` section with the child's persona (order 0). */
export const PERSONA_SECTION = 'deployment:persona';

/** The persona section differs: a per-child persona, or another deployment's. */
export const personaRule: CauseRule = {
  cause: 'persona',
  ...DIVERGENCE_CAUSE_FACTS.persona,
  when: `the '${PERSONA_SECTION}' section differs (added, removed or changed)`,
  attribute(context) {
    const change = sectionChange(context, PERSONA_SECTION);
    if (!change) return null;
    const given = context.scope?.delegation?.persona !== undefined ? " (the delegation's persona)" : '';
    return {
      name: PERSONA_SECTION,
      detail: `the persona ${describeSectionChange(change, 'section')}${given}; it precedes the tool guidance, so every section after it is lost too`,
      position: [context.head.partRank.sections, change.index],
      side: change.how === 'removed' ? 'parent' : 'child',
    };
  },
};
