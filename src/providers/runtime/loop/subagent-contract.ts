/*
 * The subagent contract's data (DSH `SubagentProvider` and its requests): what a start asks for,
 * what a provider can enforce, and how a run ends. The parts that hold an agent (the start request's
 * parent, the run, the service) are declared with the agent (`agent-contract.ts`).
 */
import type { ContentBlock } from '../../model/content.js';
import type { ToolFilter } from '../head/tool-filter.js';
import type { RecordedEvent } from '../log/session-log.js';

/** Start-time features a provider can enforce (DSH `provider.capabilities`). */
export interface SubagentCapabilities {
  /** Enforce a structured final result. */
  readonly outputSchema: boolean;
  /** Enforce `maxDepth`. */
  readonly depthLimit: boolean;
  /** Apply the requested child tool restriction. */
  readonly toolFilter: boolean;
  /** Apply a per-child persona. */
  readonly persona: boolean;
}

/** Child model options; explicit values override what the child inherits from its parent. */
export interface ChildAgentOptions {
  readonly provider?: string | undefined;
  readonly model?: string | undefined;
  readonly maxTokens?: number | undefined;
}

/** A JSON Schema object, as a structured-output request carries it. */
export type JsonSchemaObject = Readonly<Record<string, unknown>>;

/** A delegation request without its parent: what a tool asks for, the parent being the calling agent (DSH `SubagentStartRequest` without `parent`). */
export interface DelegationRequest {
  /** The task, sent verbatim as the child's user message. */
  readonly prompt: readonly ContentBlock[];
  /** Required cancellation: before publication it rejects the start; afterwards it cancels the child. */
  readonly signal: AbortSignal;
  /** Short durable display label (the delegation tool passes its `description`). */
  readonly label?: string;
  readonly agentOptions?: ChildAgentOptions;
  /** Per-child persona: shadows `deployment:persona` in the child's scope. */
  readonly persona?: string;
  readonly toolFilter?: ToolFilter;
  /** Absolute cap on the child's delegation depth; absent sends no cap. */
  readonly maxDepth?: number;
  /** Requires a structured final result matching this schema. */
  readonly outputSchema?: JsonSchemaObject;
}

/** How a child run ended (DSH `SubagentResult.stopReason`). */
export type StopReason = 'completed' | 'aborted' | 'error' | 'max-tokens' | 'refusal';

/** The terminal result of a run (DSH `SubagentResult`). */
export interface SubagentResult {
  /**
   * The child's own final output: the content of its last assistant message with any content (or
   * its streamed text when it has none), never seeded parent output; `[]` when none.
   */
  readonly output: readonly ContentBlock[];
  /** The captured structured value, when an output schema was required and the child committed one. */
  readonly structured?: unknown;
  /** A safe provider diagnostic for a non-completed result. */
  readonly diagnostic?: string;
  readonly stopReason: StopReason;
}

/** The detached data a provider prepares for a continuable child (DSH `ContinuableCreateSpec`). */
export interface ContinuableCreateSpec {
  readonly seed?: readonly RecordedEvent[];
}

/**
 * An accepted interrupt: `requested` when the target was running a turn (the stop lands
 * asynchronously), `not-running` when it had none to stop (DSH's accepted no-op).
 */
export type InterruptOutcome = 'requested' | 'not-running';

/** A child as a tool lists it: catalog facts and its status, never the child agent itself. */
export interface ListedSubagent {
  readonly id: string;
  readonly parentId: string;
  readonly mode: 'one-shot' | 'continuable';
  readonly label: string;
  /** 1 for the caller's direct child. */
  readonly depth: number;
  /** `running` or `idle` while loaded in the live registry; `ready` when the child exists only as its stored session. */
  readonly status: 'running' | 'idle' | 'ready';
}
