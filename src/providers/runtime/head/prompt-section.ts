/** What a section's text function may read when the prompt is assembled for one agent. */
export interface SectionContext {
  /** Names of the end tools visible to the agent being assembled for (after filter and scope). */
  readonly visibleToolNames: ReadonlySet<string>;
  /** True when the agent is a delegated child. */
  readonly isChild: boolean;
}

/** Section text: a template, or a function of the assembly (DSH lazy sections); `''` drops it. */
export type SectionText = string | ((context: SectionContext) => string);

/**
 * One system-prompt section (DSH `PromptSection`). Sections render in ascending `order`, ties in
 * registration order; a scoped section shadows the global section of the same name for that agent.
 */
export interface PromptSection {
  /** Section id, e.g. `harness:identity`, `deployment:persona`, `tool:read`, `tools:sdk`. */
  readonly name: string;
  readonly order: number;
  /** A `{{variable}}` template (see `interpolate`), or a function returning one. */
  readonly text: SectionText;
  /**
   * True for text that is already rendered (a section recovered from a recorded head): it is used
   * as it is, never interpolated, since a recorded value such as a cwd may itself contain `{{`.
   */
  readonly verbatim?: boolean;
  /**
   * True for a complete section (DSH `complete: true`, e.g. the `minimal` preset's persona): when
   * its text is not empty it is the whole system prompt, every other section dropped. More than one
   * effective complete section is an error, as in DSH.
   */
  readonly complete?: boolean;
}

/** One ordered dynamic context (DSH `PromptContext`): rendered into the runtime-context snapshot message. */
export interface PromptContext {
  /** Context id, e.g. `sandbox:policy`, `approval:policy`, `subagent:delegation`. */
  readonly name: string;
  readonly order: number;
  readonly text: SectionText;
}

/** A section after assembly: text evaluated and interpolated, never empty. */
export interface AssembledSection {
  readonly name: string;
  readonly order: number;
  readonly text: string;
}

/** Evaluates a section text for one assembly. */
export function evaluateText(text: SectionText, context: SectionContext): string {
  return typeof text === 'string' ? text : text(context);
}
