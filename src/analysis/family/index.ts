export { analyzeRequestFamily } from './analyze-request-family.js';
export type { AnalyzeRequestFamilyOptions, FamilyRequest } from './analyze-request-family.js';
export { requestDivergence } from './request-divergence.js';
export { segmentSpans } from './segment-spans.js';
