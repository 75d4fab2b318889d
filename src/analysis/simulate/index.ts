// Simulation: a block-hash trace replayed through a prefix cache with capacity and TTL.
export { BlockPrefixCache } from './block-prefix-cache.js';
export type { BlockCacheLimits, LeadingHit } from './block-prefix-cache.js';
export { hitRateChart } from './hit-rate-chart.js';
export { defaultBucketSeconds, HitRateSeries, MAX_BUCKETS } from './hit-rate-series.js';
export type { SeriesPoint } from './hit-rate-series.js';
export type { AccountedRequest, PolicyTotals } from './policy-account.js';
export { readTraceFile, simulateTraceFile } from './read-trace-file.js';
export type { ReadTraceFileOptions } from './read-trace-file.js';
export { simulateTrace } from './simulate-trace.js';
export type { TraceSimulationResult } from './simulate-trace.js';
export { MOONCAKE_BLOCK_TOKENS, TraceReplay } from './trace-replay.js';
export type { RequestPlace, SimulateTraceOptions, SimulationResult, SimulationSettings } from './trace-replay.js';
export { simulationJson, simulationText } from './simulation-report.js';
export { parseTraceLine, parseTraceText } from './trace-request.js';
export type { BlockTrace, TraceRequest } from './trace-request.js';
