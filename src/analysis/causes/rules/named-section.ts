import type { CauseContext } from '../cause-rule.js';
import type { TextChange } from '../head-changes.js';
import { textChange } from '../head-changes.js';
import { plural, quote, snippet } from '../wording.js';
import { groupDigits } from '../../../prefix/group-digits.js';

/** A change to one named section between the two heads: added, removed or changed, with its position. */
export interface SectionChange {
  readonly name: string;
  readonly how: 'added' | 'removed' | 'changed';
  /** Index in the child's sections (added) or the parent's (removed, changed). */
  readonly index: number;
  readonly text?: TextChange;
}

/** The change the heads show for section `name`, or undefined when it is the same on both sides. */
export function sectionChange(context: CauseContext, name: string): SectionChange | undefined {
  const { sections, parent, child } = context.head;
  const added = sections.added.find((entry) => entry.name === name);
  if (added) return { name, how: 'added', index: added.index };
  const removed = sections.removed.find((entry) => entry.name === name);
  if (removed) return { name, how: 'removed', index: removed.index };
  const changed = sections.changed.find((entry) => entry.name === name);
  if (!changed) return undefined;
  const before = parent.sections.find((section) => section.name === name)!.text;
  const after = child.sections.find((section) => section.name === name)!.text;
  return { name, how: 'changed', index: changed.index, text: textChange(before, after) };
}

/** "gains 412 characters at its end: "…"", "loses …", "differs from character 37". */
export function describeTextChange(change: TextChange): string {
  if (change.kind === 'appended') return `gains ${plural(change.added.length, 'character')} at its end: ${snippet(change.added)}`;
  if (change.kind === 'truncated') return `loses ${plural(change.removed.length, 'character')} at its end: ${snippet(change.removed)}`;
  return `differs from character ${groupDigits(change.at)} on`;
}

/** "section 'x' is added" / "is removed" / "gains …" */
export function describeSectionChange(change: SectionChange, noun = 'section'): string {
  const subject = `${noun} ${quote(change.name)}`;
  if (change.how === 'added') return `${subject} is added`;
  if (change.how === 'removed') return `${subject} is removed`;
  return `${subject} ${change.text ? describeTextChange(change.text) : 'differs'}`;
}
