import type { CancelCause } from './agent-contract.js';

/** The reason carried by the abort of a turn's signal. */
export class TurnCancellation extends Error {
  readonly cancelCause: CancelCause;
  constructor(cause: CancelCause) {
    super(cause === 'disposed' ? 'agent disposed' : `turn cancelled by ${cause}`);
    this.name = 'TurnCancellation';
    this.cancelCause = cause;
  }
}
