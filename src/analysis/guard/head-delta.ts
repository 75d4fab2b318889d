import type { AssembledHead } from '../../providers/index.js';

/** The parts of a head the deltas compare. */
export type HeadShape = Pick<AssembledHead, 'sections' | 'tools'>;
import type { HeadDelta } from './guard-finding.js';

function diffByName<T extends { readonly name: string }>(parent: readonly T[], child: readonly T[], part: HeadDelta['part'], same: (a: T, b: T) => boolean): HeadDelta[] {
  const parentByName = new Map(parent.map((item) => [item.name, item]));
  const childByName = new Map(child.map((item) => [item.name, item]));
  const deltas: HeadDelta[] = [];
  for (const item of child) {
    const before = parentByName.get(item.name);
    if (!before) deltas.push({ part, name: item.name, change: 'added' });
    else if (!same(before, item)) deltas.push({ part, name: item.name, change: 'changed' });
  }
  for (const item of parent) if (!childByName.has(item.name)) deltas.push({ part, name: item.name, change: 'removed' });
  return deltas;
}

/**
 * Names what separates a child head from its parent's: sections and tools added, removed or changed
 * (by name, compared by text and schema), and a changed route. Empty exactly when the heads render
 * the same sections and tools on the same route.
 */
export function headDeltas(parent: HeadShape, child: HeadShape, parentRoute: { provider: string; model: string }, childRoute: { provider: string; model: string }): HeadDelta[] {
  const deltas: HeadDelta[] = [];
  if (parentRoute.provider !== childRoute.provider) deltas.push({ part: 'route', name: `provider ${childRoute.provider}`, change: 'changed' });
  if (parentRoute.model !== childRoute.model) deltas.push({ part: 'route', name: `model ${childRoute.model}`, change: 'changed' });
  deltas.push(...diffByName(parent.sections, child.sections, 'section', (a, b) => a.text === b.text && a.order === b.order));
  // Assemblies pass a schema's `parameters` object through unchanged, so identity settles most pairs without serialising.
  deltas.push(...diffByName(parent.tools, child.tools, 'tool', (a, b) => a.description === b.description && (a.parameters === b.parameters || JSON.stringify(a.parameters) === JSON.stringify(b.parameters))));
  return deltas;
}

/** `tool 'report'`, `section 'tool:report'`, `model deepseek-v4-pro` — for messages. */
export function describeDelta(delta: HeadDelta): string {
  if (delta.part === 'route') return delta.name;
  return `${delta.change === 'added' ? '' : `${delta.change} `}${delta.part} '${delta.name}'`;
}
