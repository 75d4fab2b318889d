import { TraceReplay, type SimulateTraceOptions, type SimulationResult } from './trace-replay.js';
import type { BlockTrace, TraceRequest } from './trace-request.js';

/** A replay of a trace held in memory, with each request's hits. */
export interface TraceSimulationResult extends SimulationResult {
  /** Hit blocks of each request, in the trace's order. */
  readonly hitBlocksByRequest: readonly number[];
}

/** Indices of the requests in arrival order; file order when it is already (the released traces are). */
function arrivalOrder(requests: readonly TraceRequest[]): number[] {
  const order = requests.map((_, index) => index);
  const sorted = requests.every((request, index) => index === 0 || request.timestamp >= requests[index - 1]!.timestamp);
  // Array.prototype.sort is stable, so requests with the same timestamp keep their file order.
  return sorted ? order : order.sort((a, b) => requests[a]!.timestamp - requests[b]!.timestamp);
}

/**
 * Replays a block-hash trace held in memory through a prefix cache with LRU eviction and a TTL
 * (`TraceReplay`), in arrival order even when the trace is not in it, and keeps each request's hit.
 * A trace in a file is better streamed: `simulateTraceFile`.
 */
export function simulateTrace(trace: BlockTrace, options: SimulateTraceOptions = {}): TraceSimulationResult {
  const replay = new TraceReplay(trace.source, options);
  const hitBlocksByRequest = new Array<number>(trace.requests.length).fill(0);
  for (const index of arrivalOrder(trace.requests)) hitBlocksByRequest[index] = replay.add(trace.requests[index]!, { index });
  return { ...replay.result(), hitBlocksByRequest };
}
