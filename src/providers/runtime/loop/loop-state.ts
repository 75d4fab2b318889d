import type { SentRequest } from './agent-contract.js';
import type { AgentScope } from './agent-scope.js';
import type { InboxMessage } from './inbox-message.js';

/**
 * What the agent loop writes while it runs one agent. The agent creates it, keeps it private and
 * hands it to its own turns only; everyone else reads the results through the agent's getters.
 */
export interface LoopState {
  /** Seq of the child's task message (its first own user prompt), once claimed. */
  taskSeq: number | undefined;
  /** True once this loop instance logged its first `request/header`. */
  headerLogged: boolean;
  /** Every request the agent sent, in order. */
  readonly requests: SentRequest[];
}

/** The agent's side of a turn: its state and its inbox, as the turn and its steps use them. */
export interface TurnDriver {
  readonly state: LoopState;
  /** The agent's own registration layer (its contexts and tool guards apply to every step). */
  readonly scope: AgentScope;
  /** Opens a turn: a fresh cancellation signal for its work. */
  beginTurn(): AbortSignal;
  /** Closes the turn opened by `beginTurn`. */
  endTurn(): void;
  /** Claims a turn's input: pending next-step input plus one queued prompt, logging each claim. */
  claimForTurn(): InboxMessage[];
  /** Claims pending next-step input (between steps). */
  claimForStep(): InboxMessage[];
  /** Whether next-step input is waiting to be claimed. */
  hasStepInput(): boolean;
}
