import { lastTurnNumber } from '../log/log-folds.js';
import type { AgentHandle } from './agent-contract.js';
import { runStep, type TurnEndReason } from './agent-step.js';
import type { TurnDriver } from './loop-state.js';
import { TurnCancellation } from './turn-cancellation.js';

function cancelledReason(signal: AbortSignal): TurnEndReason {
  const cause = signal.reason instanceof TurnCancellation ? signal.reason.cancelCause : 'user';
  return { kind: 'aborted', reason: { kind: cause } };
}

/**
 * One turn: `turn/start`, claim the input, steps until the model stops (or a tool concludes the
 * turn), `turn/end` with the durable reason. Turn numbers continue from the log, so a fork child's
 * first turn follows its seeded parent turns. A cancellation ends the turn `aborted` with its cause;
 * any other failure ends the turn, not the loop (core/agent-loop README).
 */
export async function runTurn(agent: AgentHandle, driver: TurnDriver): Promise<void> {
  const turn = lastTurnNumber(agent.session.events) + 1;
  const signal = driver.beginTurn();
  agent.session.append('turn/start', { turn });
  let batch = driver.claimForTurn();
  let reason: TurnEndReason;
  try {
    for (let step = 1; ; step++) {
      const outcome = await runStep(agent, driver, { turn, step, batch, signal });
      if (outcome.kind === 'end') {
        reason = outcome.reason;
        break;
      }
      batch = driver.claimForStep();
    }
  } catch (error) {
    reason = signal.aborted
      ? cancelledReason(signal)
      : { kind: 'error', error: { message: error instanceof Error ? error.message : String(error), code: typeof (error as { code?: unknown })?.code === 'string' ? (error as { code: string }).code : 'UNKNOWN' } };
  }
  agent.session.append('turn/end', { turn, reason });
  driver.endTurn();
}
