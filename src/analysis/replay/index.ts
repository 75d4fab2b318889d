export { PrefixStore } from './prefix-store.js';
export type { PrefixStoreOptions, StoreEntryInput, StoreMatch, StoreSequence } from './prefix-store.js';
export type { RequestAnalysis, RequestDivergence, SegmentSpan, SessionAnalysis, SessionTreeAnalysis, SpanList } from './session-analysis.js';
export { accuracyLine, impossibleUsage, predictionAccuracy, readUnit } from './prediction-accuracy.js';
export type { PredictionAccuracy, PredictionAccuracyOptions } from './prediction-accuracy.js';
export { CALIBRATION_MODES } from './head-calibration.js';
export type { CalibrationMode, HeadCalibrationReport } from './head-calibration.js';
