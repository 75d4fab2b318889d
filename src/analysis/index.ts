// Wire-body readers: captured OpenAI/DeepSeek chat and Anthropic messages bodies → hashed requests.
export { detectProvider, detectWireFormat, findRequestBodies, readRequestBody, readRequestFile, WIRE_FORMATS } from './wire/index.js';
export type { DetectedProvider, DetectedWire, FoundBody, ProviderBasis, ReadRequestBodyOptions, ReadRequestFileOptions, WireFormat, WireProvider, WireRequest } from './wire/index.js';
// Causes: what a divergence means (route, persona, tool filter, report tool, task, …).
export { attributeCause, attributeDivergence, CAUSE_RULES, causeScope, compareWithCause, DIVERGENCE_CAUSES, requestDivergence } from './causes/index.js';
export type {
  AttributedDivergence,
  CauseAttribution,
  CauseContext,
  CauseFinding,
  CauseRule,
  CauseScope,
  ComparisonWithCause,
  DelegationFacts,
  DivergenceCause,
  EarlierRequest,
  ScopeSection,
  SectionedHead,
} from './causes/index.js';
// Diffs of two requests: where they stop sharing a cached prefix, and why.
export { diffRequestFiles, diffRequests } from './diff/request-diff.js';
export type { DiffFilesOptions, DiffOptions, DiffSide, RequestDiff } from './diff/request-diff.js';
// Reports: wording and renderers.
export {
  analyzeJson,
  causeLine,
  DEMO_PAIRS,
  demoVerdict,
  renderAnalyzeMarkdown,
  renderAnalyzeText,
  renderDemoText,
  renderDiffMarkdown,
  renderDiffText,
  renderSeedText,
  runDemo,
  seedOfLog,
  totalsLine,
} from './report/index.js';
export type { AnalyzeTextOptions, DemoPair, DemoResult, SeedReport } from './report/index.js';
// Analysis of recorded traffic (`kvprefix analyze`): readers, replay of wire sequences, totals.
export {
  analyzePaths,
  analyzeWireSequence,
  choosePolicy,
  fileHead,
  isClaudeCodeTranscript,
  isDshSession,
  observedUsageOf,
  overallTotals,
  POLICY_CHOICES,
  policyNameFor,
  readRecordedRequests,
  SESSION_READERS,
  totalsOf,
  treeTotals,
  wireReader,
} from './analyze/index.js';
export type {
  AnalyzeOptions,
  AnalyzeResult,
  ObservedUsage,
  PolicyChoice,
  PolicyLookup,
  ReaderInput,
  ReaderOptions,
  ReadRecordedOptions,
  RecordedRequest,
  SessionReader,
  UsageTotals,
  WireSequenceOptions,
} from './analyze/index.js';
