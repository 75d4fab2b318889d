import type { ToolSchema } from '../../model/language-model.js';
import { schemaOf } from '../head/tool-order.js';
import type { ToolDefinition } from './tool-contract.js';

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
