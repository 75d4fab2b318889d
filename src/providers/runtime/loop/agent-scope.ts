import type { PromptContext, PromptSection } from '../head/prompt-section.js';
import type { AgentScopeView } from './agent-contract.js';
import type { ToolDefinition, ToolGuard, ToolResultObserver } from './tool-contract.js';
import type { ToolFilter } from '../head/tool-filter.js';
import { UsageError } from '../../../prefix/index.js';

/**
 * An agent's own registration layer (DSH's agent scope). Sections here shadow the global section of
 * the same name; tools here are merged after the global filter and survive it; contexts join the
 * global ones in the runtime-context snapshot. A child gets a fresh, empty scope: nothing of its
 * parent's scope (restrictions, persona, local tools) is inherited.
 */
export class AgentScope implements AgentScopeView {
  readonly sections: PromptSection[] = [];
  readonly tools: ToolDefinition[] = [];
  readonly contexts: PromptContext[] = [];
  readonly guards: ToolGuard[] = [];
  readonly resultObservers: ToolResultObserver[] = [];
  #filter: ToolFilter | undefined;
  #contextSuppressors = 0;

  /** The global-tool restriction of this scope, if any. */
  get filter(): ToolFilter | undefined {
    return this.#filter;
  }

  /** Registers a scoped section; a second section of the same name in this layer is an error (as in DSH). */
  section(section: PromptSection): void {
    if (this.sections.some((existing) => existing.name === section.name)) {
      throw new UsageError('prompt/duplicate-section', `section '${section.name}' is already registered in this agent's scope`);
    }
    if (!Number.isFinite(section.order)) throw new UsageError('prompt/non-finite-order', `section '${section.name}' has a non-finite order ${section.order}`);
    this.sections.push(section);
  }

  /** Registers a scope-local tool. */
  tool(tool: ToolDefinition): void {
    if (this.tools.some((existing) => existing.name === tool.name)) throw new UsageError('agent/duplicate-tool', `tool '${tool.name}' is already registered in this agent's scope`);
    this.tools.push(tool);
  }

  /** Registers a scoped runtime context. */
  context(context: PromptContext): void {
    this.contexts.push(context);
  }

  /** Restricts the global tool layer for this scope (one restriction per scope). */
  restrict(filter: ToolFilter): void {
    if (this.#filter) throw new UsageError('agent/already-restricted', 'this agent scope is already restricted');
    this.#filter = filter;
  }

  /** Suppresses this agent's runtime-context snapshots (DSH `suppressRuntimeContext()`); returns the disposer. */
  suppressRuntimeContext(): () => void {
    this.#contextSuppressors++;
    let disposed = false;
    return () => {
      if (disposed) return;
      disposed = true;
      this.#contextSuppressors--;
    };
  }

  /** True while at least one suppressor is registered. */
  get runtimeContextSuppressed(): boolean {
    return this.#contextSuppressors > 0;
  }

  /** Adds a monotonic tool guard. */
  guard(guard: ToolGuard): void {
    this.guards.push(guard);
  }

  /** Observes every call's final result once it is logged (DSH's `tools/result` notification). */
  onToolResult(observer: ToolResultObserver): void {
    this.resultObservers.push(observer);
  }
}
