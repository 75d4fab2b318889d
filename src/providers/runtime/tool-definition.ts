import type { TextBlock } from '../model/content.js';
import type { ToolSchema } from '../model/language-model.js';
import type { Agent } from './agent.js';

/** What a tool's `execute` receives besides its arguments. */
export interface ToolExecution {
  /** The calling agent (the parent, for a delegation tool). */
  readonly agent: Agent;
  readonly callId: string;
  /** The turn's cancellation signal. */
  readonly signal: AbortSignal;
  /** Ends the turn once this step's results are logged (DSH `concludeTurn()`, used by structured output). */
  concludeTurn(): void;
}

/**
 * A model-facing tool: its wire schema plus an executor. `execute` resolves with the result content
 * (text, or text blocks) and throws for a failed call; the loop logs a thrown error as an errored
 * result `Error: <message>`, as DSH's tool registry does.
 */
export interface ToolDefinition extends ToolSchema {
  /**
   * True when calls may overlap with sibling calls of the same step (DSH `isConcurrencySafe`): a run
   * of such calls is dispatched together and its results are still logged in model order.
   */
  readonly isConcurrencySafe?: boolean;
  execute(args: unknown, execution: ToolExecution): Promise<string | readonly TextBlock[]>;
}

/** The wire schema of a definition (its name, description and parameters, nothing else). */
export function schemaOf(tool: ToolSchema): ToolSchema {
  return { name: tool.name, description: tool.description, parameters: tool.parameters };
}

/**
 * A tool known only by its recorded schema (a pinned head, a captured request): it presents exactly
 * that schema and every call fails with an errored result naming the missing executor.
 */
export function schemaOnlyTool(schema: ToolSchema): ToolDefinition {
  return {
    ...schemaOf(schema),
    execute: () => Promise.reject(new Error(`tool '${schema.name}' is known only by its recorded schema and has no executor in this composition`)),
  };
}

/** Sorts tools by name in code-unit order, DSH's default model-facing tool order (core/system-prompt README, `toolOrder`). */
export function byName<T extends { readonly name: string }>(tools: readonly T[]): T[] {
  return [...tools].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
