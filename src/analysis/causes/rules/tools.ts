import { DIVERGENCE_CAUSE_FACTS } from '../divergence-cause.js';
import type { CauseContext, CauseFinding, CauseRule } from '../cause-rule.js';
import { firstDifferingPath } from '../json-difference.js';
import { quote } from '../wording.js';

/** "before 'read_file'" / "after 'write', the last tool" / "as the only tool" */
function placeOf(context: CauseContext, childIndex: number): string {
  const tools = context.head.child.tools;
  const next = tools.slice(childIndex + 1).find((tool) => context.head.parent.tools.some((other) => other.name === tool.name));
  if (next) return `before ${quote(next.name)}`;
  const previous = tools[childIndex - 1];
  return previous ? `after ${quote(previous.name)}, the last of the parent's tools` : 'as the only tool';
}

/** Every tool change the heads show, each with its position in the child's (added) or parent's list. */
function toolChanges(context: CauseContext): (CauseFinding & { position: [number, number] })[] {
  const { tools, partRank, parent, child } = context.head;
  const rank = partRank.tools;
  const found: (CauseFinding & { position: [number, number] })[] = [];
  for (const added of tools.added) found.push({ name: added.name, detail: `tool ${quote(added.name)} is added ${placeOf(context, added.index)}`, position: [rank, added.index], side: 'child' });
  for (const removed of tools.removed) found.push({ name: removed.name, detail: `tool ${quote(removed.name)} is removed`, position: [rank, removed.index], side: 'parent' });
  for (const changed of tools.changed) {
    const before = parent.tools.find((tool) => tool.name === changed.name)!.text;
    const after = child.tools.find((tool) => tool.name === changed.name)!.text;
    const path = firstDifferingPath(before, after);
    found.push({ name: changed.name, detail: `the schema of tool ${quote(changed.name)} changed${path ? ` at ${path}` : ''}`, position: [rank, changed.index] });
  }
  if (tools.moved) {
    const { name, index } = tools.moved;
    const childIndex = child.tools.findIndex((tool) => tool.name === name);
    const displaced = parent.tools[childIndex]?.name;
    const detail = displaced && displaced !== name ? `tools are reordered: ${quote(name)} now comes before ${quote(displaced)}` : `tools are reordered, first ${quote(name)}`;
    found.push({ name, detail, position: [rank, Math.min(index, childIndex)] });
  }
  return found.sort((a, b) => a.position[1] - b.position[1]);
}

/** Any other change to the tool list: tools added, removed and added, reordered, or a schema changed; said as what happened. */
export const toolsRule: CauseRule = {
  cause: 'tools',
  ...DIVERGENCE_CAUSE_FACTS.tools,
  when: 'the tool list differs otherwise: a tool added, replaced, reordered or its schema changed',
  attribute(context) {
    const changes = toolChanges(context);
    const first = changes[0];
    if (!first) return null;
    const others = changes.slice(1, 3).map((change) => change.detail);
    const rest = changes.length > 3 ? ` and ${changes.length - 3} more` : '';
    const more = others.length > 0 ? `; also ${others.join('; ')}${rest}` : '';
    return { ...first, detail: `${first.detail}${more}` };
  },
};
