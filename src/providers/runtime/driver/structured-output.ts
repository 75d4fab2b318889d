import * as z from 'zod';
import type { AgentScope } from '../loop/agent-scope.js';
import { STRUCTURED_OUTPUT_DESCRIPTION, STRUCTURED_OUTPUT_INSTRUCTION } from '../head/dsh-texts.js';
import { SECTION_ORDERS } from '../head/section-orders.js';
import { unsupportedSchemaConstruct } from '../head/sdk/json-schema-type.js';
import { SubagentError } from './subagent-error.js';
import type { ToolExecution } from '../loop/tool-contract.js';
import type { JsonSchemaObject } from '../loop/subagent-contract.js';
import { ToolCallFailure } from '../loop/tool-call-failure.js';

/** The child-only tool a structured child must call to finish. */
export const STRUCTURED_OUTPUT_TOOL = 'structured_output';

/** The canonical acknowledgement of a recorded value. */
export const STRUCTURED_OUTPUT_RECORDED = 'Structured output recorded.';

/** A structured run's handle: the committed value once a valid call's final result was logged without error. */
export interface StructuredRuntime {
  captured(): { readonly value: unknown } | undefined;
}

/** A compiled output contract: the schema the tool presents and the validator it enforces. */
export interface OutputContract {
  readonly schema: JsonSchemaObject;
  readonly validator: z.ZodType;
}

/**
 * Compiles a requested output schema before any child exists. Only an object schema in DSH's
 * schema subset (`unsupportedSchemaConstruct`: no `pattern`, `format`, numeric bounds, `$ref`, …)
 * is accepted; anything else rejects the start, naming where it leaves the subset (DSH:
 * "unsupported JSON Schema constructs fail before the child is created").
 */
export function compileOutputContract(schema: JsonSchemaObject): OutputContract {
  if (schema['type'] !== 'object') {
    throw new SubagentError('subagent/unsupported-output-schema', `outputSchema must be an object schema ({"type":"object",…}), got type ${JSON.stringify(schema['type'])}`);
  }
  const unsupported = unsupportedSchemaConstruct(schema);
  if (unsupported !== undefined) {
    throw new SubagentError('subagent/unsupported-output-schema', `outputSchema leaves DSH's schema subset: ${unsupported}; use only type, properties, required, additionalProperties, items, enum, const, oneOf and description`);
  }
  try {
    return { schema, validator: z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]) };
  } catch (error) {
    throw new SubagentError('subagent/unsupported-output-schema', `outputSchema uses a construct the structured runtime cannot enforce: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * Installs the structured-output contract in a child's scope (DSH `attachStructuredRuntime`): the
 * `structured_output` tool with the requested schema, the order-190 instruction section, a result
 * observer and a monotonic guard. A valid call only stages its value (keyed by its execution) and
 * concludes the turn; the value commits when that execution's final result is logged and is not an
 * error — so a result replaced by a cancellation commits nothing. Once a value is committed, the
 * guard refuses every later call. An invalid call is an errored result the model can retry.
 */
export function attachStructuredRuntime(scope: AgentScope, contract: OutputContract): StructuredRuntime {
  const staged = new WeakMap<ToolExecution, { readonly value: unknown }>();
  let captured: { readonly value: unknown } | undefined;
  scope.tool({
    name: STRUCTURED_OUTPUT_TOOL,
    description: STRUCTURED_OUTPUT_DESCRIPTION,
    parameters: contract.schema,
    async execute(args, execution) {
      const parsed = contract.validator.safeParse(args);
      if (!parsed.success) throw new ToolCallFailure('tool/invalid-structured-output', `invalid structured output: ${z.prettifyError(parsed.error)}`);
      staged.set(execution, { value: args });
      execution.concludeTurn();
      return STRUCTURED_OUTPUT_RECORDED;
    },
  });
  scope.onToolResult(({ name, execution, isError }) => {
    if (name !== STRUCTURED_OUTPUT_TOOL) return;
    const entry = staged.get(execution);
    // The final result always clears its own stage, whether it succeeded or failed.
    staged.delete(execution);
    if (entry !== undefined && !isError && captured === undefined) captured = entry;
  });
  scope.section({ name: `tool:${STRUCTURED_OUTPUT_TOOL}`, order: SECTION_ORDERS['tool:structured_output'], text: STRUCTURED_OUTPUT_INSTRUCTION });
  scope.guard((call) => (captured === undefined ? undefined : `structured output already recorded: the run is complete, so \`${call.name}\` is not executed`));
  return { captured: () => captured };
}
