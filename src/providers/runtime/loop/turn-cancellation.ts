import { KvprefixError } from '../../../prefix/index.js';
import type { CancelCause } from './agent-contract.js';

/** The reason carried by the abort of a turn's signal: which cancellation ended the turn. */
export class TurnCancellation extends KvprefixError {
  readonly cancelCause: CancelCause;
  constructor(cause: CancelCause) {
    super('agent/turn-cancelled', cause === 'disposed' ? 'agent disposed' : `turn cancelled by ${cause}`);
    this.cancelCause = cause;
  }
}
