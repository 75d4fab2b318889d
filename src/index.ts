/**
 * kvprefix: the prefix engine (segments, hashing, exact token counts, comparison). The subagent
 * runtime, analysis and test helpers are published under `kvprefix/providers`, `kvprefix/analysis`
 * and `kvprefix/testing`.
 */
export {
  comparePrefix,
  createRequest,
  getTokenizer,
  InputError,
  KvprefixError,
  PrefixTokenCounter,
  renderRequest,
  Segment,
  UsageError,
} from './prefix/index.js';
export type {
  Divergence,
  DivergenceSide,
  LayoutName,
  PrefixComparison,
  PrefixRequest,
  RequestParts,
  RouteKey,
  SegmentInput,
  SegmentKind,
  SettingPart,
  Tokenizer,
} from './prefix/index.js';
