import type { PromptContext, PromptSection } from './prompt-section.js';
import type { ToolDefinition } from './tool-definition.js';
import type { ToolFilter } from './tool-filter.js';

/**
 * A final, monotonic denial checked before a call is dispatched (DSH `ToolGuard`): the returned
 * string becomes the errored result; `undefined` abstains.
 */
export type ToolGuard = (call: { readonly name: string; readonly callId: string }) => string | undefined;

/**
 * An agent's own registration layer (DSH's agent scope). Sections here shadow the global section of
 * the same name; tools here are merged after the global filter and survive it; contexts join the
 * global ones in the runtime-context snapshot. A child gets a fresh, empty scope: nothing of its
 * parent's scope (restrictions, persona, local tools) is inherited.
 */
export class AgentScope {
  readonly sections: PromptSection[] = [];
  readonly tools: ToolDefinition[] = [];
  readonly contexts: PromptContext[] = [];
  readonly guards: ToolGuard[] = [];
  #filter: ToolFilter | undefined;

  /** The global-tool restriction of this scope, if any. */
  get filter(): ToolFilter | undefined {
    return this.#filter;
  }

  /** Registers a scoped section; a second section of the same name in this layer is an error (as in DSH). */
  section(section: PromptSection): void {
    if (this.sections.some((existing) => existing.name === section.name)) {
      throw new RangeError(`section '${section.name}' is already registered in this agent's scope`);
    }
    if (!Number.isFinite(section.order)) throw new RangeError(`section '${section.name}' has a non-finite order ${section.order}`);
    this.sections.push(section);
  }

  /** Registers a scope-local tool. */
  tool(tool: ToolDefinition): void {
    if (this.tools.some((existing) => existing.name === tool.name)) throw new RangeError(`tool '${tool.name}' is already registered in this agent's scope`);
    this.tools.push(tool);
  }

  /** Registers a scoped runtime context. */
  context(context: PromptContext): void {
    this.contexts.push(context);
  }

  /** Restricts the global tool layer for this scope (one restriction per scope). */
  restrict(filter: ToolFilter): void {
    if (this.#filter) throw new RangeError('this agent scope is already restricted');
    this.#filter = filter;
  }

  /** Adds a monotonic tool guard. */
  guard(guard: ToolGuard): void {
    this.guards.push(guard);
  }
}
