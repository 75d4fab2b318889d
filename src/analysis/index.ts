// kvprefix/analysis: what the user gets from recorded traffic and compositions: replays of DSH logs,
// Claude Code transcripts and captured request bodies through provider cache policies, the cause of
// every miss, duplication and simulation, guard checks, and the reports (text, Markdown, JSON, HTML).
// Wire-body readers: captured OpenAI, DeepSeek, Anthropic and Bedrock request bodies → hashed requests.
export {
  readRequestBody,
  readRequestFile,
} from './wire/index.js';
export type { DetectedProvider, DetectedWire, FoundBody, ProviderBasis, ReadRequestBodyOptions, ReadRequestFileOptions, WireFormat, WireProvider, WireRequest } from './wire/index.js';
// Causes: what a divergence means (route, persona, tool filter, report tool, task, …).
export {
  attributeCause,
  requestDivergence,
} from './causes/index.js';
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
export {
  diffRequestFiles,
  diffRequests,
} from './diff/request-diff.js';
export type { DiffFilesOptions, DiffOptions, DiffSide, RequestDiff } from './diff/request-diff.js';
// Reports: wording and renderers.
export {
  analyzeJson,
  writeAnalyzeJson,
  renderAnalyzeMarkdown,
  renderAnalyzeText,
  renderDiffMarkdown,
  renderDiffText,
} from './report/index.js';
export type { AnalyzeJsonStreamOptions, AnalyzeMarkdownOptions, AnalyzeTextOptions, SeedOfLog, SeedOfLogOptions, SeedReport } from './report/index.js';
// Analysis of recorded traffic (`kvprefix analyze`): readers, replay of wire sequences, totals.
export {
  analyzeClaudeCodeProjects,
  analyzePaths,
  SESSION_READERS,
} from './analyze/index.js';
export type {
  AnalyzeOptions,
  AnalyzeResult,
  AnalyzeRunOptions,
  ObservedUsage,
  PolicyChoice,
  PolicyLookup,
  ProjectsOptions,
  ReaderInput,
  ReaderOptions,
  ReadRecordedOptions,
  RecordedRequest,
  SessionReader,
  UsageTotals,
  WireSequenceOptions,
} from './analyze/index.js';
// DSH compositions: read, validate, resolve with hosts and bundles, assemble the global layer.

export type { CompositionFacts, CompositionProblem, CompositionSource, HostModelSettings, ReferenceHead, ReferenceTool, ResolvedComposition, ToolVariant, YamlLocation } from './compositions/index.js';
// Guard checks: delegation heads compared with the prefix engine, findings as data.
export {
  explainExitCode,
  explainReport,
  GUARD_CHECKS,
  GuardCache,
  guardComposition,
  guardDelegation,
  guardExitCode,
  guardRun,
  guardRunJson,
  renderGuardRun,
  renderModelExperience,
} from './guard/index.js';
export type {
  CallPath,
  ChildDelta,
  DelegationAnalysis,
  GuardCheck,
  GuardCompositionOptions,
  GuardDelegationInput,
  GuardFinding,
  ExplainResult,
  GuardReport,
  GuardRun,
  GuardSeverity,
  GuardVerdict,
  HeadDelta,
  ModelExperienceCard,
  ParentSetup,
  UnexplainedDelegation,
} from './guard/index.js';
// Provider cache policies: one rule per provider or engine, numbers as parameters with their source.
export {
  anthropicPolicy,
  CACHE_POLICIES,
  costOf,
  createAnthropicPolicy,
  createDeepSeekPolicy,
  createOpenAIPolicy,
  createSglangPolicy,
  createVllmPolicy,
  deepseekPolicy,
  openaiPolicy,
  openaiRoute,
  policyByName,
  readPriceFile,
  sglangPolicy,
  vllmPolicy,
  vllmRoute,
  withPrices,
} from './policies/index.js';
export type {
  AnthropicPolicyOptions,
  CacheMatch,
  CachePolicy,
  CachePolicyName,
  CachePrediction,
  CacheUsage,
  DeepSeekPolicyOptions,
  OpenAIPolicyOptions,
  PolicyInput,
  PolicyParameter,
  LongContextPrices,
  PolicyRegistry,
  PriceOverrides,
  PriceTable,
  SglangPolicyOptions,
  VllmPolicyOptions,
} from './policies/index.js';
// Published model prices (a maintained table's rows, in force at a request's time).
export { publishedPrices } from './prices/index.js';
// DeepSeek V4 request rendering and tokenizer (src/analysis/deepseek).
export {
  DeepSeekV4Tokenizer,
} from './deepseek/deepseek-tokenizer.js';
export type { DeepSeekRequestSettings } from './deepseek/request-settings.js';

// Replays: the prefix store, the result shape every reader produces, and DSH session trees through a policy.
export {
  analyzeDshSessionTree,
} from './dsh/index.js';
export type { AnalyzeDshSessionTreeOptions } from './dsh/index.js';
export {
  PrefixStore,
} from './replay/index.js';
export { predictionAccuracy } from './result/index.js';
export type { CacheMissReason } from './usage/index.js';
export type { CalibrationMode, HeadCalibrationReport, PrefixStoreOptions, StoreEntryInput, StoreMatch, StoreSequence } from './replay/index.js';
export type { CauseAccuracy, CauseDisagreement, ExplainedMiss, PredictionAccuracy, PredictionAccuracyOptions, RequestAnalysis, RequestDivergence, SegmentSpan, SessionAnalysis, SessionTreeAnalysis, SpanList } from './result/index.js';
// Claude Code transcripts: predicted against logged cache usage.
export {
  analyzeClaudeCodeSession,
} from './claude-code/index.js';
export type { ClaudeCodeAnalysisOptions, ClaudeCodeApiCall, ClaudeCodeTranscript, ConversationEntry, LoggedUsage } from './claude-code/index.js';
// Claude Code projects folders and the report of where the cache went: loss by cause, what-ifs, roll-ups.
export {
  claudeProjectsFolders,
  reportAnalysis,
} from './claude-code/index.js';
export type { AnalyzeReport, CauseRow, ForkWhatIf, LossCause, LossExample, ReportedAnalysis, ReportOptions, RollUpKey, RollUpRow, SessionLabel, TimeWindow, TreeLabel, TreeReport, TtlWhatIf } from './claude-code/index.js';
// Codex CLI rollouts: predicted against the usage each call logged.
export { analyzeCodexRollouts } from './codex/index.js';
export type { CodexAnalysisOptions, CodexInput } from './codex/index.js';
// Trace replay: a block-hash trace (Mooncake) through a prefix cache with capacity (LRU) and TTL.
export {
  readTraceFile,
  simulateTrace,
  simulateTraceFile,
  simulationJson,
  simulationText,
} from './simulate/index.js';
export type { BlockCacheLimits, BlockTrace, LeadingHit, PolicyTotals, ReadTraceFileOptions, SeriesPoint, SimulateTraceOptions, SimulationResult, SimulationSettings, TraceRequest, TraceSimulationResult } from './simulate/index.js';
// Duplication: what a fan-out of fork children duplicates and costs under a cache policy, against spawning them.
export {
  accountFanOut,
  duplicationAccount,
  treeDuplication,
} from './duplication/index.js';
export type {
  ChildAccount,
  ChildDuplication,
  ChildRequestAccount,
  DuplicationAccount,
  DuplicationTotals,
  FanOut,
  FanOutAccount,
  FanOutAccountOptions,
  FanOutPlan,
  FanOutHead,
  TreeDuplication,
} from './duplication/index.js';
// Request families: a captured parent request and its children's, as one session tree for reports.
export {
  analyzeRequestFamily,
} from './family/index.js';
export type { AnalyzeRequestFamilyOptions, FamilyRequest } from './family/index.js';
// Reports: the HTML prefix map of session trees.
export {
  readEmbeddedPageData,
  renderHtmlReport,
} from './report/html/index.js';
export type { DrawnScale, HtmlReportOptions, PageBreak, PageDataOptions, PageRow, PageSessionTotals, PageTree, SegmentTuple } from './report/html/index.js';
// The demo: the bundled session tree analysed per child (what `kvprefix demo` prints).

export type { ChildBreak, DemoAnalysis, DemoChild } from './demo/index.js';

export { FAIL_ON_CHOICES, renderRunVerdict, runVerdict, watchFetch } from './watch/index.js';
export type { FailOn, RunBreak, RunVerdict, WatchOptions, WatchPrediction, WatchUsage } from './watch/index.js';
