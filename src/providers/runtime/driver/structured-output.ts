import { z } from 'zod';
import type { AgentScope } from '../loop/agent-scope.js';
import { STRUCTURED_OUTPUT_DESCRIPTION, STRUCTURED_OUTPUT_INSTRUCTION } from '../head/dsh-texts.js';
import { SECTION_ORDERS } from '../head/section-orders.js';
import { unsupportedSchemaConstruct } from '../head/sdk/json-schema-type.js';
import { SubagentError } from './subagent-error.js';
import type { JsonSchemaObject } from '../loop/agent-contract.js';
import { ToolCallFailure } from '../loop/tool-call-failure.js';

/** The child-only tool a structured child must call to finish. */
export const STRUCTURED_OUTPUT_TOOL = 'structured_output';

/** The canonical acknowledgement of a recorded value. */
export const STRUCTURED_OUTPUT_RECORDED = 'Structured output recorded.';

/** A structured run's handle: the committed value once the child called the tool with valid arguments. */
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
 * `structured_output` tool with the requested schema, the order-190 instruction section, and a
 * monotonic guard that refuses every later call once a value is recorded. A valid call records the
 * value and concludes the turn; an invalid one is an errored result the model can retry.
 */
export function attachStructuredRuntime(scope: AgentScope, contract: OutputContract): StructuredRuntime {
  let captured: { readonly value: unknown } | undefined;
  scope.tool({
    name: STRUCTURED_OUTPUT_TOOL,
    description: STRUCTURED_OUTPUT_DESCRIPTION,
    parameters: contract.schema,
    async execute(args, execution) {
      const parsed = contract.validator.safeParse(args);
      if (!parsed.success) throw new ToolCallFailure('tool/invalid-structured-output', `invalid structured output: ${z.prettifyError(parsed.error)}`);
      captured = { value: args };
      execution.concludeTurn();
      return STRUCTURED_OUTPUT_RECORDED;
    },
  });
  scope.section({ name: `tool:${STRUCTURED_OUTPUT_TOOL}`, order: SECTION_ORDERS['tool:structured_output'], text: STRUCTURED_OUTPUT_INSTRUCTION });
  scope.guard((call) => (captured === undefined ? undefined : `structured output already recorded: the run is complete, so \`${call.name}\` is not executed`));
  return { captured: () => captured };
}
