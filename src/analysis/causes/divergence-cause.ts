/**
 * Why a request stops sharing the prefix of the request it is compared with. Head causes come first
 * (a change there takes every message after it down); `extension` is the best case: the later request
 * only appends to the earlier one, which it reuses whole.
 */
export type DivergenceCause =
  | 'route'
  | 'persona'
  | 'tool-filter'
  | 'sdk'
  | 'report-tool'
  | 'output-contract'
  | 'system'
  | 'tools'
  | 'extension'
  | 'task'
  | 'runtime-context'
  | 'history';

/** Every cause, for validation and tables. */
export const DIVERGENCE_CAUSES = [
  'route',
  'persona',
  'tool-filter',
  'sdk',
  'report-tool',
  'output-contract',
  'system',
  'tools',
  'extension',
  'task',
  'runtime-context',
  'history',
] as const satisfies readonly DivergenceCause[];
