import { UsageError } from '../../../prefix/index.js';

/**
 * A per-child restriction of the global tool layer (DSH `toolFilter`): `allow` keeps only the named
 * global tools, `deny` removes the named ones. It is visibility, not authority: scope-local tools
 * (the child's `report`, `structured_output`) are merged after it and survive it.
 */
export interface ToolFilter {
  readonly allow?: readonly string[] | undefined;
  readonly deny?: readonly string[] | undefined;
}

/**
 * Rejects a filter DSH rejects (core/tools README, `restrict`): an empty filter, and names that are
 * not global tools or are reserved transports (`run_code`).
 */
export function validateToolFilter(filter: ToolFilter, globalNames: ReadonlySet<string>, reservedNames: ReadonlySet<string>): void {
  if (filter.allow === undefined && filter.deny === undefined) {
    throw new UsageError('subagent/empty-tool-filter', 'toolFilter names neither `allow` nor `deny`: remove the key or fill the filter');
  }
  for (const name of [...(filter.allow ?? []), ...(filter.deny ?? [])]) {
    if (reservedNames.has(name)) throw new UsageError('subagent/reserved-tool-filter', `toolFilter names the reserved transport '${name}', which no filter can restrict`);
    if (!globalNames.has(name)) {
      throw new UsageError('subagent/unknown-tool-filter', `toolFilter names '${name}', which is not a registered global tool: known tools are ${[...globalNames].sort().join(', ')}`);
    }
  }
}

/** True when the filter lets a global tool through. */
export function passesFilter(filter: ToolFilter | undefined, name: string): boolean {
  if (!filter) return true;
  if (filter.allow !== undefined && !filter.allow.includes(name)) return false;
  if (filter.deny !== undefined && filter.deny.includes(name)) return false;
  return true;
}
