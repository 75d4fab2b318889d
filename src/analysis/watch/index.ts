// `kvprefix/watch`: kvprefix inside the host — a fetch that predicts each request's cache reuse as it is sent.
export { watchFetch } from './watch-fetch.js';
export type { WatchedFetch } from './watch-fetch.js';
export { WatchError } from './watch-options.js';
export type { WatchOptions, WatchStage } from './watch-options.js';
export type { TelemetryAttributes, TelemetryCounter, TelemetryMeter, TelemetrySpan, TelemetryTracer, TelemetryValue, WatchTelemetry } from './otel-types.js';
export type { LossCause, WatchLoss, WatchPrediction, WatchUsage } from './watch-prediction.js';
export { lossLine } from './loss-line.js';
export { WATCH_RECORD } from './watch-record.js';
export type { WatchOutcome, WatchRecordLine } from './watch-record.js';
export { FAIL_ON_CHOICES, renderRunVerdict, runVerdict } from './run-verdict.js';
export type { FailOn, RunBreak, RunVerdict } from './run-verdict.js';
