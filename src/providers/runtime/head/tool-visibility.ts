import type { ToolSchema } from '../../model/language-model.js';
import { passesFilter, type ToolFilter } from './tool-filter.js';
import { byName, schemaOf } from './tool-order.js';
import { UsageError } from '../../../prefix/index.js';

/** How tools are presented to the model (DSH `mode`): schemas, the Code Mode SDK, or both. */
export type ToolPresentation = 'native' | 'code' | 'both';

/**
 * The one visibility view of an agent's tools. It is computed once per assembly and feeds all three
 * consumers DSH keeps aligned (core/tools README, `restrict`): the wire schemas, the executable
 * lookup and the Code Mode SDK bindings. A filtered-away tool therefore can be neither seen, called
 * directly, nor bound in the SDK — while guidance sections, which are not tools, stay.
 */
export interface ToolVisibility<T extends ToolSchema = ToolSchema> {
  readonly presentation: ToolPresentation;
  /** End tools the agent can use: filtered globals plus scope-local tools, sorted by name. */
  readonly visible: readonly T[];
  /** Schemas on the wire, sorted by name: `visible` (native), the transport only (code), or both. */
  readonly wire: readonly ToolSchema[];
  /** Tools the SDK block declares: `visible` under code/both, none under native. */
  readonly sdk: readonly ToolSchema[];
  /** A model-direct call's executor, or undefined (not visible, or not directly callable under `code`). */
  lookup(name: string): T | undefined;
}

/** Inputs of `buildToolVisibility`. */
export interface VisibilityInputs<T extends ToolSchema = ToolSchema> {
  readonly globalTools: readonly T[];
  readonly filter?: ToolFilter | undefined;
  /** Tools registered in the agent's own scope; they shadow a same-named global and survive the filter. */
  readonly localTools?: readonly T[];
  readonly presentation?: ToolPresentation;
  /** The Code Mode transport (`run_code`), required under code/both. */
  readonly transport?: T | undefined;
}

/** Builds the visibility view: filter the global layer, merge the scope layer, then present. */
export function buildToolVisibility<T extends ToolSchema>(inputs: VisibilityInputs<T>): ToolVisibility<T> {
  const presentation = inputs.presentation ?? 'native';
  const local = inputs.localTools ?? [];
  const localNames = new Set(local.map((tool) => tool.name));
  const visible = byName([...inputs.globalTools.filter((tool) => !localNames.has(tool.name) && passesFilter(inputs.filter, tool.name)), ...local]);
  const byNameMap = new Map(visible.map((tool) => [tool.name, tool]));
  const transport = presentation === 'native' ? undefined : inputs.transport;
  if (presentation !== 'native' && !transport) throw new UsageError('head/code-mode-transport', `tool presentation '${presentation}' needs the run_code transport`);
  const wireTools = presentation === 'native' ? visible : presentation === 'code' ? [transport!] : byName([...visible, transport!]);
  return {
    presentation,
    visible,
    wire: wireTools.map(schemaOf),
    sdk: presentation === 'native' ? [] : visible.map(schemaOf),
    lookup(name) {
      if (transport && name === transport.name) return transport;
      // Under `code` the transport is the only entry the model may call directly (core/tools README).
      if (presentation === 'code') return undefined;
      return byNameMap.get(name);
    },
  };
}
