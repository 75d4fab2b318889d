import type { LayoutName } from '../../prefix/index.js';
import type { HeadView } from './head-view.js';

/** What happened to a named list (sections or tools) between the parent's head and the child's. */
export interface ListChanges {
  /** Names only the child has, in the child's order, each with its index there. */
  readonly added: readonly { readonly name: string; readonly index: number }[];
  /** Names only the parent has, in the parent's order, each with its index there. */
  readonly removed: readonly { readonly name: string; readonly index: number }[];
  /** Names both have with different bytes, in the parent's order, with the parent's index. */
  readonly changed: readonly { readonly name: string; readonly index: number }[];
  /** The names both have, when they stand in a different order: the first that moved, with the parent's index. */
  readonly moved: { readonly name: string; readonly index: number } | null;
}

/** How one text became another: text added at its end, cut from its end, or edited at an offset. */
export type TextChange =
  | { readonly kind: 'appended'; readonly added: string }
  | { readonly kind: 'truncated'; readonly removed: string }
  | { readonly kind: 'edited'; readonly at: number };

/** Both heads, what changed in their sections and tools, and where each part sits in the wire order. */
export interface HeadChanges {
  readonly parent: HeadView;
  readonly child: HeadView;
  readonly sections: ListChanges;
  readonly tools: ListChanges;
  /** Rank of each part in the layout's wire order (chat: system first; Anthropic: tools first). */
  readonly partRank: { readonly sections: number; readonly tools: number };
}

/** Compares two named lists. Names are unique in a head (a tool, a section id); a repeat is compared by its first occurrence. */
export function listChanges(parent: readonly { name: string; text: string }[], child: readonly { name: string; text: string }[]): ListChanges {
  const parentByName = new Map<string, { text: string; index: number }>();
  parent.forEach((item, index) => parentByName.has(item.name) || parentByName.set(item.name, { text: item.text, index }));
  const childByName = new Map<string, { text: string; index: number }>();
  child.forEach((item, index) => childByName.has(item.name) || childByName.set(item.name, { text: item.text, index }));
  const added = child.flatMap((item, index) => (parentByName.has(item.name) ? [] : [{ name: item.name, index }]));
  const removed = parent.flatMap((item, index) => (childByName.has(item.name) ? [] : [{ name: item.name, index }]));
  const changed = parent.flatMap((item, index) => {
    const other = childByName.get(item.name);
    return other !== undefined && other.text !== item.text ? [{ name: item.name, index }] : [];
  });
  const commonInParent = parent.filter((item) => childByName.has(item.name));
  const commonInChild = child.filter((item) => parentByName.has(item.name));
  let moved: ListChanges['moved'] = null;
  for (let index = 0; index < commonInParent.length; index++) {
    if (commonInParent[index]!.name !== commonInChild[index]!.name) {
      const name = commonInChild[index]!.name;
      moved = { name, index: parentByName.get(name)!.index };
      break;
    }
  }
  return { added, removed, changed, moved };
}

/** How `before` became `after`. */
export function textChange(before: string, after: string): TextChange {
  if (after.startsWith(before)) return { kind: 'appended', added: after.slice(before.length) };
  if (before.startsWith(after)) return { kind: 'truncated', removed: before.slice(after.length) };
  let at = 0;
  while (before.charCodeAt(at) === after.charCodeAt(at)) at++;
  return { kind: 'edited', at };
}

/** The changes between two request heads. */
export function headChanges(parent: HeadView, child: HeadView, layout: LayoutName): HeadChanges {
  return {
    parent,
    child,
    sections: listChanges(parent.sections, child.sections),
    tools: listChanges(parent.tools, child.tools),
    partRank: layout === 'anthropic' ? { tools: 0, sections: 1 } : { sections: 0, tools: 1 },
  };
}
