import { APPROVAL_NEVER_CONTEXT, DELEGATION_STATEMENT } from '../head/dsh-texts.js';
import { SECTION_ORDERS } from '../head/section-orders.js';
import { validateToolFilter, type ToolFilter } from '../head/tool-filter.js';
import type { AgentScope } from '../loop/agent-scope.js';
import type { AgentHandle, HostComposition } from '../loop/agent-contract.js';
import type { JsonSchemaObject } from '../loop/subagent-contract.js';
import { installReportTool } from './report-tool.js';
import { attachStructuredRuntime, compileOutputContract, type OutputContract, type StructuredRuntime } from './structured-output.js';

/**
 * Order of the child's `subagent:delegation` runtime context: after the deployment's sandbox and
 * approval contexts (subagent README: "after the sandbox-policy and approval-policy sentences").
 * Compositions give those contexts orders below this one.
 */
export const DELEGATION_CONTEXT_ORDER = 1000;

/** Name of the approval-policy runtime context (recorded in every snapshot of an approval-composed deployment). */
const APPROVAL_CONTEXT = 'approval:policy';

/** What a start asks of the child's own scope: everything in it that a delegation decides. */
export interface ChildScopeRequest {
  readonly mode: 'one-shot' | 'continuable';
  /** Shadows `deployment:persona`. */
  readonly persona?: string | undefined;
  readonly toolFilter?: ToolFilter | undefined;
  /** Requires a structured final result: the `structured_output` tool and its section. */
  readonly outputSchema?: JsonSchemaObject | undefined;
}

/** A scope request that passed every start-time check, with its output contract compiled. */
export interface CheckedChildScope {
  readonly mode: 'one-shot' | 'continuable';
  readonly persona: string | undefined;
  readonly toolFilter: ToolFilter | undefined;
  readonly contract: OutputContract | undefined;
}

/**
 * The checks a child's scope must pass before the child exists (DSH: "unsupported JSON Schema
 * constructs fail before the child is created"; `restrict` rejects unknown and reserved names):
 * the tool filter against the composition's global tools and Code Mode transport, and the output
 * schema compiled into its contract. Throws the runtime's error; creates nothing.
 */
export function checkChildScope(composition: HostComposition, request: ChildScopeRequest): CheckedChildScope {
  const contract = request.outputSchema === undefined ? undefined : compileOutputContract(request.outputSchema);
  if (request.toolFilter !== undefined) {
    const transport = composition.codeMode?.transport.name;
    validateToolFilter(request.toolFilter, new Set(composition.tools.map((tool) => tool.name)), new Set(transport === undefined ? [] : [transport]));
  }
  return { mode: request.mode, persona: request.persona, toolFilter: request.toolFilter, contract };
}

/**
 * Installs a child's own scope layer, the one thing that separates its request head from its
 * parent's (DSH's driver, "Start contract"): the persona shadow, the global-tool restriction, the
 * structured-output runtime, the report channel of a continuable child (the `report` tool and
 * `tool:report` section; absent only when the composition says the report package is not loaded),
 * and the runtime contexts a delegated child sees (`subagent:delegation`, and the `never` approval
 * context when approval is composed). The run driver calls it on the child it creates; the guard
 * calls it on a bare scope to assemble the same head without running anything, so what the guard
 * predicts for a child is what the driver builds. `child` is the agent the report tool reports
 * from; without one (a head assembled, never run) a report finds no live parent.
 */
export function installChildScope(scope: AgentScope, composition: HostComposition, checked: CheckedChildScope, child?: AgentHandle): StructuredRuntime | undefined {
  if (checked.persona !== undefined) scope.section({ name: 'deployment:persona', order: SECTION_ORDERS['deployment:persona'], text: checked.persona });
  if (checked.toolFilter !== undefined) scope.restrict(checked.toolFilter);
  const structured = checked.contract === undefined ? undefined : attachStructuredRuntime(scope, checked.contract);
  if (checked.mode === 'continuable' && composition.reportChannel !== false) installReportTool(scope, child);
  scope.context({ name: 'subagent:delegation', order: DELEGATION_CONTEXT_ORDER, text: DELEGATION_STATEMENT });
  if (composition.approvalComposed) {
    const approval = composition.contexts?.find((context) => context.name === APPROVAL_CONTEXT);
    scope.context({ name: APPROVAL_CONTEXT, order: approval?.order ?? DELEGATION_CONTEXT_ORDER - 1, text: APPROVAL_NEVER_CONTEXT });
  }
  return structured;
}
