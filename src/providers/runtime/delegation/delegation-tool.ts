import type { ToolSchema } from '../../model/language-model.js';
import type { PromptSection } from '../head/prompt-section.js';
import { startBackgroundJob } from './background-job.js';
import { settleForegroundRun } from './run-settlement.js';
import { SUBAGENT_SECTION_ORDER } from '../head/section-orders.js';
import { SubagentError } from '../driver/subagent-error.js';
import type { SubagentProvider } from '../loop/agent-contract.js';
import type { ToolDefinition } from '../loop/tool-contract.js';
import type { DelegationRequest } from '../loop/subagent-contract.js';
import { parseDelegationToolConfig, type DelegationToolConfig, type DelegationToolConfigInput } from './delegation-config.js';
import { ToolCallFailure } from '../loop/tool-call-failure.js';

/** The provider facts a delegation tool is mounted against. */
export type MountedProvider = Pick<SubagentProvider, 'name' | 'capabilities' | 'inheritsParentContext' | 'prepareContinuable'>;

/** A mounted delegation tool: its definition and, for continuable background instances, its guidance section. */
export interface DelegationTool {
  readonly config: DelegationToolConfig;
  readonly tool: ToolDefinition;
  /** The `tool:<toolName>` section (order 116.5); absent unless background is enabled and continuable. */
  readonly section: PromptSection | undefined;
}

/*
 * Model-facing wording, verbatim from DSH's tool-subagent (checked against the `subagent` and
 * `subagent_fork` entries of text-turn/tool-schemas.expected.json by test/delegation-schema.test.ts).
 */
function providerWording(inheritsConversation: boolean): { description: string; promptDescription: string } {
  if (inheritsConversation) {
    return {
      description:
        'Delegate a task to a subagent that inherits this conversation: a child agent seeded with all completed turns so far (it does not see the current in-flight turn). ' +
        "Use this when the subtask builds on this conversation's context — a follow-up analysis, a review, a continuation — without consuming this conversation's context for the work itself. " +
        'You receive its result, not its intermediate steps.',
      promptDescription: "The task for the subagent. It already sees this conversation's completed turns, so build on them freely and state only what is new.",
    };
  }
  return {
    description:
      'Delegate a self-contained task to a subagent (a separate agent that works in its own context) to offload focused, independent work — research, a scoped implementation, an analysis — ' +
      "so it does not consume this conversation's context. The subagent returns its result, not its intermediate steps. Give it a complete, standalone prompt: it does not see this conversation.",
    promptDescription: "The complete, self-contained task for the subagent. It does not share this conversation's context, so include everything it needs.",
  };
}

function backgroundWording(config: DelegationToolConfig): string {
  if (!config.enableRunInBackground) return ' This call waits for the subagent and returns its result.';
  if (config.backgroundMode === 'continuable') {
    return (
      ' This tool runs in the background by default, immediately returns a durable subagent id, and keeps the child conversation available for later turns. ' +
      'When that run settles, the runtime sends the parent a notice containing its outcome and any final assistant message; `send_message` starts a later turn in the same child conversation. ' +
      'Set `run_in_background: false` only when your next action depends on receiving the result.'
    );
  }
  return ' This call waits for the result by default. Set `run_in_background: true` to return a job id; collect with `job_output` and stop with `job_kill`.';
}

/** The tool's wire schema for a config and provider. */
export function delegationToolSchema(config: DelegationToolConfig, provider: MountedProvider): ToolSchema {
  const wording = providerWording(provider.inheritsParentContext);
  const properties: Record<string, unknown> = {
    description: { type: 'string', description: 'A short (3-5 word) description of the delegated task, for display.' },
    prompt: { type: 'string', description: wording.promptDescription },
  };
  if (config.enableRunInBackground) {
    properties['run_in_background'] = {
      type: 'boolean',
      description:
        config.backgroundMode === 'continuable'
          ? 'Whether to run in the background and return a durable subagent id immediately. Defaults to true. Set false to wait for the result when your next action depends on it.'
          : 'Whether to run as a background job and return its id. Defaults to false; collect with job_output or stop with job_kill.',
    };
  }
  return { name: config.toolName, description: wording.description + backgroundWording(config), parameters: { type: 'object', properties, required: ['description', 'prompt'] } };
}

function parseArguments(args: unknown): { description: string; prompt: string; runInBackground: boolean | undefined } {
  const record = (typeof args === 'object' && args !== null ? args : {}) as Record<string, unknown>;
  const { description, prompt, run_in_background: background } = record;
  if (typeof description !== 'string') throw new ToolCallFailure('tool/invalid-arguments', 'invalid arguments: `description` must be a string');
  if (typeof prompt !== 'string') throw new ToolCallFailure('tool/invalid-arguments', 'invalid arguments: `prompt` must be a string');
  if (background !== undefined && typeof background !== 'boolean') throw new ToolCallFailure('tool/invalid-arguments', 'invalid arguments: `run_in_background` must be a boolean');
  return { description, prompt, runInBackground: background };
}

/**
 * Mounts the model-facing delegation tool over one provider (DSH `dsh-tool-subagent`). Mount-time
 * rules fail loud: a numeric `maxDepth` needs the provider's `depthLimit`, `continuable` needs its
 * `prepareContinuable`. A foreground call starts the child with the call's signal, waits, always
 * disposes, and returns only the child's final text — any other outcome is an errored result
 * `Error: <stop-reason headline>`. A continuable background call returns `started subagent <id>`; a
 * one-shot background call starts a job on the host's job service and returns
 * `started background subagent job <id>` (product-subagent-result-diagnostic/session.jsonl).
 */
export function createDelegationTool(input: DelegationToolConfig | DelegationToolConfigInput, provider: MountedProvider): DelegationTool {
  const config = parseDelegationToolConfig(input);
  if (config.provider !== provider.name) {
    throw new SubagentError('subagent/provider-mismatch', `delegation tool '${config.toolName}' is configured for provider "${config.provider}" but mounted on "${provider.name}"`);
  }
  if (typeof config.maxDepth === 'number' && !provider.capabilities.depthLimit) {
    throw new SubagentError(
      'subagent/unsupported-capability',
      `tool-subagent: provider "${provider.name}" cannot enforce maxDepth (no depthLimit capability) — set maxDepth: 'provider-managed' to leave the recursion budget to the provider`,
    );
  }
  const continuable = config.backgroundMode === 'continuable';
  if (continuable && provider.prepareContinuable === undefined) {
    throw new SubagentError('subagent/not-continuable', `tool-subagent: provider "${provider.name}" does not support \`backgroundMode: continuable\``);
  }
  const schema = delegationToolSchema(config, provider);
  const tool: ToolDefinition = {
    ...schema,
    // Children work in their own sessions and never mutate the parent's: sibling delegations may overlap.
    isConcurrencySafe: true,
    async execute(args, execution) {
      const call = parseArguments(args);
      if (!config.enableRunInBackground && call.runInBackground === true) {
        throw new ToolCallFailure('tool/background-disabled', 'run_in_background is disabled for this tool instance (enableRunInBackground: false)');
      }
      const runInBackground = config.enableRunInBackground ? (call.runInBackground ?? continuable) : false;
      // The call's signal covers foreground and continuable starts; a background job owns its own.
      const unsigned: Omit<DelegationRequest, 'signal'> = {
        prompt: [{ type: 'text', text: call.prompt }],
        label: call.description,
        ...(config.agentOptions === undefined ? {} : { agentOptions: config.agentOptions }),
        ...(config.persona === undefined ? {} : { persona: config.persona }),
        ...(config.toolFilter === undefined ? {} : { toolFilter: config.toolFilter }),
        ...(typeof config.maxDepth === 'number' ? { maxDepth: config.maxDepth } : {}),
      };
      const request: DelegationRequest = { ...unsigned, signal: execution.signal };
      // The parent of every child is the calling agent: the facade binds it, the tool cannot name another.
      const subagents = execution.subagents;
      if (runInBackground && continuable) {
        const child = await subagents.startContinuable(config.provider, request);
        return `started subagent ${child.childId}`;
      }
      if (runInBackground) {
        const jobs = execution.jobs;
        if (jobs === undefined) throw new ToolCallFailure('tool/jobs-unavailable', 'background jobs unavailable: load @deepseek-ai/dsh-jobs and @deepseek-ai/dsh-tool-jobs');
        return `started background subagent job ${startBackgroundJob(jobs, subagents, config.provider, unsigned)}`;
      }
      return settleForegroundRun(await subagents.start(config.provider, request));
    },
  };
  const section: PromptSection | undefined =
    config.enableRunInBackground && continuable
      ? {
          name: `tool:${config.toolName}`,
          order: SUBAGENT_SECTION_ORDER,
          // A restriction that hides the tool removes this guidance with it (tool-subagent README).
          text: (context) =>
            context.visibleToolNames.has(config.toolName)
              ? `Use ${config.toolName} in the background by default. Start independent delegations together in one assistant message and continue useful work while they run. Set \`run_in_background: false\` only when your next action depends on that subagent's result. When a background run settles, the runtime sends you a notice containing its outcome and any final assistant message.`
              : '',
        }
      : undefined;
  return { config, tool, section };
}
