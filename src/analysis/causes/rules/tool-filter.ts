import { DIVERGENCE_CAUSE_FACTS } from '../divergence-cause.js';
import type { CauseRule } from '../cause-rule.js';
import { nameList, plural } from '../wording.js';

/**
 * The child sees a subset of the parent's tools, in the same order and unchanged: a tool filter
 * (`allow`/`deny`). The guidance section of a removed tool (`tool:<name>`) goes with it.
 */
export const toolFilterRule: CauseRule = {
  cause: 'tool-filter',
  ...DIVERGENCE_CAUSE_FACTS['tool-filter'],
  when: "the child's tools are the parent's minus some, in the same order and unchanged",
  attribute(context) {
    const { tools, sections, partRank, parent } = context.head;
    if (tools.removed.length === 0 || tools.added.length > 0 || tools.changed.length > 0 || tools.moved) return null;
    const removedNames = tools.removed.map((tool) => tool.name);
    const positions: [number, number][] = [[partRank.tools, tools.removed[0]!.index]];
    const guidance = sections.removed.filter((section) => removedNames.some((name) => section.name === `tool:${name}`));
    if (guidance[0]) positions.push([partRank.sections, guidance[0].index]);
    positions.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    const filter = context.scope?.delegation?.toolFilter;
    const configured = filter ? ` (${[filter.allow ? `allow: ${filter.allow.join(', ')}` : '', filter.deny ? `deny: ${filter.deny.join(', ')}` : ''].filter(Boolean).join('; ')})` : '';
    const withGuidance = guidance.length > 0 ? ` and ${plural(guidance.length, 'guidance section')}` : '';
    return {
      name: removedNames[0]!,
      detail: `the child's tool filter${configured} removes ${nameList(removedNames)} (${removedNames.length} of ${plural(parent.tools.length, 'tool')})${withGuidance}`,
      position: positions[0]!,
      side: 'parent',
    };
  },
};
