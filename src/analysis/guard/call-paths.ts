import type { ChildAgentOptions, DelegationToolConfig, JsonSchemaObject, ToolFilter } from '../../providers/index.js';

/** What one way of starting a child puts into the child's own scope. */
export interface ChildDelta {
  readonly mode: 'one-shot' | 'continuable';
  readonly persona?: string | undefined;
  readonly toolFilter?: ToolFilter | undefined;
  readonly outputSchema?: JsonSchemaObject | undefined;
  readonly agentOptions?: ChildAgentOptions | undefined;
}

/** One way a child gets started, and whether it is the way a plain call takes. */
export interface CallPath {
  /** How to name it in a message: `default call`, `run_in_background: false`, … */
  readonly label: string;
  /** True when a call that sets nothing takes this path; false when the caller opts in. */
  readonly isDefault: boolean;
  readonly delta: ChildDelta;
}

/**
 * The call paths of a model-facing delegation tool, as its `execute` decides them (runtime
 * `createDelegationTool`): with background enabled, a call that omits `run_in_background` runs in the
 * background exactly when the tool is continuable, and a continuable background call starts a
 * continuable child; every other call starts a one-shot child. Persona, tool filter and agent
 * options come from the config, so every path carries them. One-shot background jobs and foreground
 * calls install the same child scope, so they are one path.
 */
export function delegationCallPaths(config: DelegationToolConfig): CallPath[] {
  const fromConfig = {
    ...(config.persona === undefined ? {} : { persona: config.persona }),
    ...(config.toolFilter === undefined ? {} : { toolFilter: config.toolFilter }),
    ...(config.agentOptions === undefined ? {} : { agentOptions: config.agentOptions }),
  };
  const continuable = config.backgroundMode === 'continuable';
  const defaultBackground = config.enableRunInBackground && continuable;
  const paths: CallPath[] = [{ label: 'default call', isDefault: true, delta: { mode: defaultBackground ? 'continuable' : 'one-shot', ...fromConfig } }];
  // A one-shot background job gets the same child scope as a foreground call, so only the
  // continuable tool has a second head to check: its opt-in foreground call.
  if (defaultBackground) paths.push({ label: 'call with run_in_background: false', isDefault: false, delta: { mode: 'one-shot', ...fromConfig } });
  return paths;
}

/**
 * A stand-in for the output schema a programmatic caller (a workflow step) passes: the smallest
 * object schema the structured runtime accepts. The real schema is the caller's, so the measured
 * loss is a lower bound.
 */
export const PLACEHOLDER_OUTPUT_SCHEMA: JsonSchemaObject = { type: 'object', properties: { result: { type: 'string' } }, required: ['result'] };
