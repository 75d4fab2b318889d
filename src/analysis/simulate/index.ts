// Simulation: a block-hash trace replayed through a prefix cache with capacity and TTL.
export { BlockPrefixCache } from './block-prefix-cache.js';
export type { BlockCacheLimits, LeadingHit } from './block-prefix-cache.js';
export { hitRateChart } from './hit-rate-chart.js';
export { defaultBucketSeconds, HitRateSeries } from './hit-rate-series.js';
export type { SeriesPoint } from './hit-rate-series.js';
export type { PolicyTotals } from './policy-account.js';
export { readTraceFile } from './read-trace-file.js';
export type { ReadTraceFileOptions } from './read-trace-file.js';
export { MOONCAKE_BLOCK_TOKENS, simulateTrace } from './simulate-trace.js';
export type { SimulateTraceOptions, SimulationResult, SimulationSettings } from './simulate-trace.js';
export { simulationJson, simulationText } from './simulation-report.js';
export { parseTraceLine, parseTraceText } from './trace-request.js';
export type { BlockTrace, TraceRequest } from './trace-request.js';
