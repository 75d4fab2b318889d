export { analyzeRequestFamily } from './analyze-request-family.js';
export type { AnalyzeRequestFamilyOptions, FamilyRequest } from './analyze-request-family.js';
export { segmentSpans } from './segment-spans.js';
