import type { SubagentCatalogEntry, SubagentTreeEntry } from '../loop/agent-contract.js';

/**
 * Every child session the host started, the in-process stand-in for DSH's session store: a child
 * stays listed after it leaves the live registry, which is what lets `list_agents` report a settled
 * continuable child as `ready` (stored, resumable) rather than forgetting it.
 */
export class SubagentCatalog {
  readonly #entries = new Map<string, SubagentCatalogEntry>();
  /** Entries by parent id, so listing one parent's children (and walking a tree) reads only those. */
  readonly #byParent = new Map<string, SubagentCatalogEntry[]>();

  /** Records a child once; a second record of the same id keeps the first (its header is immutable). */
  record(entry: SubagentCatalogEntry): void {
    if (this.#entries.has(entry.id)) return;
    this.#entries.set(entry.id, entry);
    const siblings = this.#byParent.get(entry.parentId);
    if (siblings) siblings.push(entry);
    else this.#byParent.set(entry.parentId, [entry]);
  }

  /** The entry recorded for a child id, or undefined when the host never started it. */
  get(id: string): SubagentCatalogEntry | undefined {
    return this.#entries.get(id);
  }

  /** Direct children of a session, ordered by `createdAt` then id (DSH `listChildren`). */
  children(parentId: string): SubagentCatalogEntry[] {
    return [...(this.#byParent.get(parentId) ?? [])].sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  /**
   * The whole tree below a session in stable pre-order, one-shot children included as traversal
   * nodes so continuable children below them are found (DSH `listDescendants`).
   */
  descendants(rootId: string): SubagentTreeEntry[] {
    const walk = (parentId: string, depth: number): SubagentTreeEntry[] =>
      this.children(parentId).flatMap((entry) => [{ ...entry, depth }, ...walk(entry.id, depth + 1)]);
    return walk(rootId, 1);
  }
}
