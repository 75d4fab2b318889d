import type { ContentBlock, TextBlock } from '../model/content.js';
import type { Agent } from './agent.js';
import type { RecordedEvent } from './session-log.js';
import type { ToolFilter } from './tool-filter.js';

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

/** One delegation request (DSH `SubagentStartRequest`). */
export interface SubagentStartRequest {
  /** The delegating agent. */
  readonly parent: Agent;
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
  /** The child's own final output: its last non-empty assistant text, never seeded parent output; `[]` when none. */
  readonly output: readonly TextBlock[];
  /** The captured structured value, when an output schema was required and the child committed one. */
  readonly structured?: unknown;
  /** A safe provider diagnostic for a non-completed result. */
  readonly diagnostic?: string;
  readonly stopReason: StopReason;
}

/** A published one-shot child, owned by the caller (DSH `SubagentRun`). */
export interface SubagentRun {
  /** The child's session id. */
  readonly id: string;
  /** The child agent itself (in-process runs). */
  readonly localAgent: Agent;
  readonly result: Promise<SubagentResult>;
  /** Idempotent: cancels remaining work and waits for the result and the child's quiescence. */
  dispose(): Promise<void>;
}

/** The detached data a provider prepares for a continuable child (DSH `ContinuableCreateSpec`). */
export interface ContinuableCreateSpec {
  readonly seed?: readonly RecordedEvent[];
}

/** A provider of child agents, registered by name (DSH `SubagentProvider`). */
export interface SubagentProvider {
  readonly name: string;
  readonly capabilities: SubagentCapabilities;
  /** Descriptive: whether the child sees completed parent history (fork) or not (spawn). */
  readonly inheritsParentContext: boolean;
  /** Starts a one-shot child; fulfils only once the child is published. */
  start(request: SubagentStartRequest): Promise<SubagentRun>;
  /** Present when the provider supports continuable children: captures the creation data once. */
  prepareContinuable?(request: SubagentStartRequest): ContinuableCreateSpec;
}

/** A continuable child that accepted its initial prompt (DSH `startContinuable` result plus the live child). */
export interface ContinuableChild {
  readonly childId: string;
  /** Id of the accepted initial prompt. */
  readonly messageId: string;
  readonly agent: Agent;
  /** Settles when the child's current work ends. */
  readonly settled: Promise<SubagentResult>;
  dispose(): Promise<void>;
}
