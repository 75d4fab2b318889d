// Replay: recorded requests run through a cache policy in send order, and the per-session results.
export { PrefixStore } from './prefix-store.js';
export type { PrefixStoreOptions, StoreEntryInput, StoreMatch, StoreSequence } from './prefix-store.js';
export type { RequestAnalysis, RequestDivergence, SegmentSpan, SessionAnalysis, SessionTreeAnalysis, SpanList } from './session-analysis.js';
export { predictionAccuracy } from './prediction-accuracy.js';
export type { PredictionAccuracy } from './prediction-accuracy.js';
