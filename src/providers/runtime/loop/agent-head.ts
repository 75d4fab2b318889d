import type { CallConfig } from '../../model/language-model.js';
import { assembleHead, type AssembledHead } from '../head/assemble-head.js';
import { buildToolVisibility } from '../head/tool-visibility.js';
import type { AgentScopeView, HostComposition } from './agent-contract.js';
import type { ToolDefinition } from './tool-contract.js';

/** What an agent's head is assembled from: the host's global layer, the agent's own scope and route. */
export interface AgentHeadInputs {
  readonly composition: HostComposition;
  readonly scope: Pick<AgentScopeView, 'sections' | 'tools' | 'filter'>;
  readonly config: Pick<CallConfig, 'provider' | 'model'>;
  readonly cwd: string | undefined;
  /** True for a delegated child (sections may render differently for children). */
  readonly isChild: boolean;
}

/**
 * An agent's request head as of now: the global layer and the agent's scope layer, the scope's
 * filter applied to the global tools, Code Mode's presentation, the prompt variables of its route
 * and workspace. `Agent.assembleHead` is this function over the live agent; the guard calls it over
 * a scope it installed without an agent, so both assemble one way.
 */
export function agentHead(inputs: AgentHeadInputs): AssembledHead<ToolDefinition> {
  const { composition, scope } = inputs;
  const visibility = buildToolVisibility({
    globalTools: composition.tools,
    filter: scope.filter,
    localTools: scope.tools,
    presentation: composition.codeMode?.presentation ?? 'native',
    transport: composition.codeMode?.transport,
  });
  return assembleHead({
    globalSections: composition.sections,
    scopeSections: scope.sections,
    visibility,
    codeMode: composition.codeMode,
    variables: { model: inputs.config.model, provider: inputs.config.provider, cwd: inputs.cwd },
    isChild: inputs.isChild,
  });
}
