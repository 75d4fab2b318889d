import type { ToolSchema } from '../../model/language-model.js';

/** The wire schema of a definition (its name, description and parameters, nothing else). */
export function schemaOf(tool: ToolSchema): ToolSchema {
  return { name: tool.name, description: tool.description, parameters: tool.parameters };
}

/** Sorts tools by name in code-unit order, DSH's default model-facing tool order (core/system-prompt README, `toolOrder`). */
export function byName<T extends { readonly name: string }>(tools: readonly T[]): T[] {
  return [...tools].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
