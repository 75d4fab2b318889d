import { DIVERGENCE_CAUSE_FACTS } from '../divergence-cause.js';
import type { CauseContext, CauseFinding, CauseRule } from '../cause-rule.js';
import { quote } from '../wording.js';
import { describeSectionChange, sectionChange, type SectionChange } from './named-section.js';

/** The first section change in wire order, from the child's list for additions and the parent's otherwise. */
function firstSectionChange(context: CauseContext): SectionChange | undefined {
  const { sections } = context.head;
  const names = [...sections.added, ...sections.removed, ...sections.changed].sort((a, b) => a.index - b.index);
  for (const { name } of names) {
    const change = sectionChange(context, name);
    if (change) return change;
  }
  return undefined;
}

/** "before 'tool:write'" for an added section, from the child's order. */
function placeOf(context: CauseContext, change: SectionChange): string {
  if (change.how !== 'added') return '';
  const parentNames = new Set(context.head.parent.sections.map((section) => section.name));
  const next = context.head.child.sections.slice(change.index + 1).find((section) => parentNames.has(section.name));
  return next ? ` before ${quote(next.name)}` : ' at the end of the system text';
}

/** Any other system-prompt change: a section added, removed, moved or with other text. */
export const systemRule: CauseRule = {
  cause: 'system',
  ...DIVERGENCE_CAUSE_FACTS.system,
  when: 'the system text differs otherwise',
  attribute(context): CauseFinding | null {
    const { head } = context;
    const change = firstSectionChange(context);
    const known = head.parent.sectionNames !== 'wire' || head.child.sectionNames !== 'wire';
    if (change) {
      const noun = known ? 'section' : 'system text';
      return {
        name: change.name,
        detail: `${describeSectionChange(change, noun)}${placeOf(context, change)}`,
        position: [head.partRank.sections, change.index],
        side: change.how === 'removed' ? 'parent' : 'child',
      };
    }
    if (head.sections.moved) {
      return { name: head.sections.moved.name, detail: `sections are reordered, first ${quote(head.sections.moved.name)}`, position: [head.partRank.sections, head.sections.moved.index] };
    }
    return null;
  },
};
