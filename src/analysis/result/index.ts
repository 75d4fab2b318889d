// The result of replaying recorded sessions: one shape every replay produces and every report reads.
export { BlockSpanList } from './block-span-list.js';
export { accuracyLine, impossibleUsage, predictionAccuracy, readUnit } from './prediction-accuracy.js';
export type { PredictionAccuracy, PredictionAccuracyOptions } from './prediction-accuracy.js';
export type { RequestAnalysis, RequestDivergence, SegmentSpan, SessionAnalysis, SessionTreeAnalysis, SpanList } from './session-analysis.js';
export { causeAccuracy, causeAccuracyLine, causeAgreement } from './cause-agreement.js';
export type { CauseAccuracy, CauseDisagreement, ExplainedMiss } from './cause-agreement.js';
