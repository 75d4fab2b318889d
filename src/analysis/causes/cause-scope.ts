/**
 * What the host knows about two requests beyond their bytes. With a scope, causes are attributed by
 * section and tool identity and are exact; without one (captured wire bodies) they are inferred from
 * the bytes and say so.
 */

/** One prompt section as the host assembled it. */
export interface ScopeSection {
  /** Section id, e.g. `harness:identity`, `deployment:persona`, `tool:report`, `tools:sdk`. */
  readonly name: string;
  readonly text: string;
}

/** How a child was started, as its delegation tool configured it (DSH's `tool-subagent` README, "Config"). */
export interface DelegationFacts {
  /** The provider the child ran on (`spawn` starts fresh, `fork` inherits the parent's completed turns). */
  readonly provider?: string;
  readonly persona?: string;
  readonly toolFilter?: { readonly allow?: readonly string[]; readonly deny?: readonly string[] };
  readonly backgroundMode?: 'one-shot' | 'continuable';
  /** True when the child was given an output schema (its `structured_output` tool). */
  readonly outputSchema?: boolean;
  readonly agentOptions?: { readonly provider?: string; readonly model?: string };
}

/**
 * The scope of a comparison. Sections default to the requests' own system segments when those are
 * named by section id (the runtime's requests are; a DSH log's request is when rebuilt with
 * `systemParts: splitRenderedPrompt`); pass them when the requests carry the prompt as one text.
 */
export interface CauseScope {
  readonly parentSections?: readonly ScopeSection[];
  readonly childSections?: readonly ScopeSection[];
  /** The child's delegation, when the child was started by one. */
  readonly delegation?: DelegationFacts;
}

/** Anything with ordered named sections: the runtime's `AssembledHead`, a DSH prompt split by `splitRenderedPrompt`. */
export interface SectionedHead {
  readonly sections: readonly ScopeSection[];
}

/**
 * The scope of a comparison from both heads as the host assembled them (and the child's delegation,
 * when known): what a replay or the runtime passes to make causes exact.
 */
export function causeScope(parent: SectionedHead, child: SectionedHead, delegation?: DelegationFacts): CauseScope {
  const sections = (head: SectionedHead) => head.sections.map(({ name, text }) => ({ name, text }));
  return { parentSections: sections(parent), childSections: sections(child), ...(delegation ? { delegation } : {}) };
}
