// The tests compare through the library's own one-call comparison with its cause.
export { compareWithCause } from '../../src/analysis/causes/attributed-divergence.js';
export type { ComparisonWithCause } from '../../src/analysis/index.js';
