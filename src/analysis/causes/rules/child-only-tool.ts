import { DIVERGENCE_CAUSE_FACTS } from '../divergence-cause.js';
import type { DivergenceCause } from '../divergence-cause.js';
import type { CauseContext, CauseFinding, CauseRule } from '../cause-rule.js';
import { quote } from '../wording.js';

/** A tool DSH registers only in a child's scope, with the prompt section that comes with it. */
export interface ChildOnlyTool {
  readonly cause: DivergenceCause;
  readonly tool: string;
  /** The section id of its guidance (`tool:report`). */
  readonly section: string;
  /** Why a child has it, for the detail sentence: "of a continuable child". */
  readonly why: (context: CauseContext) => string;
}

/**
 * The rule for a child-only tool: it applies when the child's head adds the tool or its section, and
 * points where the first of the two shows in wire order (the section in the chat layout, where the
 * system text comes first; the tool in the Anthropic layout).
 */
export function childOnlyToolRule(spec: ChildOnlyTool): CauseRule {
  return {
    cause: spec.cause,
    // The tool is what the provider sees change first: Anthropic renders tools before the system prompt.
    ...DIVERGENCE_CAUSE_FACTS[spec.cause],
    when: `the child's head adds the ${quote(spec.tool)} tool or its ${quote(spec.section)} section`,
    attribute(context): CauseFinding | null {
      const { head } = context;
      const tool = head.tools.added.find((added) => added.name === spec.tool);
      const section = head.sections.added.find((added) => added.name === spec.section);
      if (!tool && !section) return null;
      const positions: [number, number][] = [];
      if (section) positions.push([head.partRank.sections, section.index]);
      if (tool) positions.push([head.partRank.tools, tool.index]);
      positions.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
      const what = [tool ? `the ${quote(spec.tool)} tool` : '', section ? `its ${quote(spec.section)} section` : ''].filter(Boolean).join(' and ');
      return {
        name: spec.tool,
        detail: `the child's head adds ${what} ${spec.why(context)}, ahead of every message: nothing after it is reusable`,
        position: positions[0]!,
        side: 'child',
      };
    },
  };
}
