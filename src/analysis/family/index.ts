// Request families: a parent request and its children, compared and replayed as one tree.
export { analyzeRequestFamily } from './analyze-request-family.js';
export type { AnalyzeRequestFamilyOptions, FamilyRequest } from './analyze-request-family.js';
export { segmentSpans } from './segment-spans.js';
