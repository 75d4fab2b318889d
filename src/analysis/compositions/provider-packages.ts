import { createForkProvider, createSpawnProvider, type SubagentProvider } from '../../providers/index.js';

/** What a subagent provider package mounts, as the guard needs it. */
export interface ProviderPackage {
  /** Provider name when the row's config gives none. */
  readonly defaultName: string;
  /** The config key naming the provider. */
  readonly nameKey: string;
  /**
   * The runtime model of the provider, for in-process ones. Whether it inherits parent context and
   * what it can enforce is read from it, not restated here.
   */
  readonly runtime: ((name: string) => SubagentProvider) | undefined;
}

/*
 * DSH's provider packages. The two in-process providers are modelled by kvprefix's runtime; the
 * remote ones (Codex, Claude Code, ACP, DSH SDK children) run another agent process that starts from
 * its own prompt, so they never inherit the parent's conversation (subagent README, "Providers").
 */
export const PROVIDER_PACKAGES: Readonly<Record<string, ProviderPackage>> = {
  '@deepseek-ai/dsh-subagent-fork-in-process': { defaultName: 'fork', nameKey: 'providerName', runtime: (name) => createForkProvider({ providerName: name }) },
  '@deepseek-ai/dsh-subagent-spawn-in-process': { defaultName: 'spawn', nameKey: 'providerName', runtime: (name) => createSpawnProvider({ providerName: name }) },
  '@deepseek-ai/dsh-subagent-codex': { defaultName: 'codex', nameKey: 'providerName', runtime: undefined },
  '@deepseek-ai/dsh-subagent-claude-code': { defaultName: 'claude-code', nameKey: 'providerName', runtime: undefined },
  '@deepseek-ai/dsh-subagent-acp': { defaultName: 'acp', nameKey: 'providerName', runtime: undefined },
  // Its `provider` key is the child's model provider, not the subagent provider name.
  '@deepseek-ai/dsh-subagent-dsh-sdk': { defaultName: 'dsh-sdk', nameKey: 'providerName', runtime: undefined },
};

/** The model-facing delegation tool package. */
export const DELEGATION_TOOL_PACKAGE = '@deepseek-ai/dsh-tool-subagent';
/** The package whose continuable setup installs `report` and `tool:report` in every continuable child. */
export const REPORT_PACKAGE = '@deepseek-ai/dsh-tool-subagent-report';
/**
 * Packages that start children programmatically through a provider named in their config (workflow
 * steps and Ralph rounds); their requests may carry an output schema, which the model's delegation
 * tool call never does.
 */
export const PROGRAMMATIC_CALLERS: Readonly<Record<string, string>> = {
  '@deepseek-ai/dsh-workflow-worker-thread': 'provider',
  '@deepseek-ai/dsh-tool-ralph': 'subagentProvider',
};
