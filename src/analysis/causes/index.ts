// Cause attribution: what a divergence found by the engine means for the requests compared.
export { attributeDivergence } from './attributed-divergence.js';
export { causeText } from './cause-text.js';
export type { AttributedDivergence } from './attributed-divergence.js';
export { DIVERGENCE_CAUSES, inferCause } from './infer-cause.js';
export type { DivergenceCause } from './infer-cause.js';
