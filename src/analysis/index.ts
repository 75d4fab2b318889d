// kvprefix/analysis: what the user gets from recorded traffic and compositions: replays of DSH logs,
// Claude Code transcripts and captured request bodies through provider cache policies, the cause of
// every miss, duplication and simulation, guard checks, and the reports (text, Markdown, JSON, HTML).
// Wire-body readers: captured OpenAI, DeepSeek, Anthropic and Bedrock request bodies → hashed requests.
export { readRequestBody } from './bodies/read-request-body.js';
export { readRequestFile } from './bodies/read-request-file.js';
export type { DetectedProvider, ProviderBasis } from './bodies/detect-provider.js';
export type { DetectedWire, WireFormat, WireProvider } from './bodies/wire-format.js';
export type { FoundBody } from './bodies/recorded-exchange.js';
export type { ReadRequestBodyOptions, WireRequest } from './bodies/read-request-body.js';
export type { ReadRequestFileOptions } from './bodies/read-request-file.js';
// Causes: what a divergence means (route, persona, tool filter, report tool, task, …).
export { attributeCause } from './causes/attribute-cause.js';
export { requestDivergence } from './causes/request-divergence.js';
export type { AttributedDivergence, ComparisonWithCause } from './causes/attributed-divergence.js';
export type { CauseAttribution } from './causes/attribute-cause.js';
export type { CauseContext, CauseFinding, CauseRule } from './causes/cause-rule.js';
export type { CauseScope, DelegationFacts, ScopeSection, SectionedHead } from './causes/cause-scope.js';
export type { DivergenceCause } from './causes/divergence-cause.js';
export type { EarlierRequest } from './causes/request-divergence.js';
// Diffs of two requests: where they stop sharing a cached prefix, and why.
export {
  diffRequestFiles,
  diffRequests,
} from './diff/request-diff.js';
export type { DiffFilesOptions, DiffOptions, DiffSide, RequestDiff } from './diff/request-diff.js';
// Reports: wording and renderers.
export { analyzeJson } from './report/analyze-json.js';
export { writeAnalyzeJson } from './report/analyze-json-stream.js';
export { renderAnalyzeMarkdown } from './report/analyze-markdown.js';
export { renderAnalyzeText } from './report/analyze-text.js';
export { renderDiffMarkdown, renderDiffText } from './report/diff-text.js';
export type { AnalyzeJsonStreamOptions } from './report/analyze-json-stream.js';
export type { AnalyzeMarkdownOptions } from './report/analyze-markdown.js';
export type { AnalyzeTextOptions } from './report/analyze-text.js';
export type { SeedOfLog, SeedOfLogOptions, SeedReport } from './report/seed-report.js';
// Analysis of recorded traffic (`kvprefix analyze`): readers, replay of wire sequences, totals.
export { analyzeClaudeCodeProjects } from './analyze/analyze-and-report.js';
export { analyzePaths } from './analyze/analyze-paths.js';
export { SESSION_READERS } from './analyze/session-reader-list.js';
export type { AnalyzeOptions, AnalyzeResult } from './analyze/analyze-paths.js';
export type { AnalyzeRunOptions, ProjectsOptions } from './analyze/analyze-and-report.js';
export type { ObservedUsage } from './usage/observed-usage.js';
export type { PolicyChoice, PolicyLookup } from './shipped-policies/policy-choice.js';
export type { ReaderInput, ReaderOptions, SessionReader } from './inputs/session-reader.js';
export type { ReadRecordedOptions, RecordedRequest } from './bodies/recorded-requests.js';
export type { UsageTotals } from './analyze/analyze-totals.js';
export type { WireSequenceOptions } from './bodies/wire-sequence.js';
// DSH compositions: read, validate, resolve with hosts and bundles, assemble the global layer.

export type { CompositionFacts } from './compositions/composition-facts.js';
export type { CompositionProblem, YamlLocation } from './compositions/composition-problem.js';
export type { CompositionSource, ResolvedComposition } from './compositions/resolve-composition.js';
export type { HostModelSettings } from './compositions/llm-settings.js';
export type { ReferenceHead, ReferenceTool } from './compositions/reference-head.js';
export type { ToolVariant } from './compositions/tool-variants.js';
// Guard checks: delegation heads compared with the prefix engine, findings as data.
export { explainExitCode, explainReport, guardExitCode, guardRun, guardRunJson, renderGuardRun } from './guard/guard-run.js';
export { GUARD_CHECKS } from './guard/checks/index.js';
export { GuardCache } from './guard/guard-cache.js';
export { guardComposition } from './guard/guard-composition.js';
export { guardDelegation } from './guard/guard-delegation.js';
export { renderModelExperience } from './guard/model-experience.js';
export type { CallPath, ChildDelta } from './guard/call-paths.js';
export type { DelegationAnalysis } from './guard/delegation-analysis.js';
export type { GuardCheck } from './guard/guard-subject.js';
export type { GuardCompositionOptions } from './guard/guard-composition.js';
export type { GuardDelegationInput } from './guard/guard-delegation.js';
export type { GuardFinding, GuardSeverity, HeadDelta } from './guard/guard-finding.js';
export type { ExplainResult, GuardRun } from './guard/guard-run.js';
export type { GuardReport, GuardVerdict } from './guard/guard-report.js';
export type { ModelExperienceCard, UnexplainedDelegation } from './guard/model-experience.js';
export type { ParentSetup } from './guard/delegation-heads.js';
// Provider cache policies: one rule per provider or engine, numbers as parameters with their source.
export { anthropicPolicy, createAnthropicPolicy } from './anthropic/anthropic-policy.js';
export { CACHE_POLICIES, policyByName } from './shipped-policies/policy-registry.js';
export { costOf } from './policies/cache-policy.js';
export { createDeepSeekPolicy, deepseekPolicy } from './deepseek/deepseek-policy.js';
export { createOpenAIPolicy, openaiPolicy, openaiRoute } from './openai/openai-policy.js';
export { createSglangPolicy, sglangPolicy } from './self-hosted/sglang-policy.js';
export { createVllmPolicy, vllmPolicy, vllmRoute } from './self-hosted/vllm-policy.js';
export { readPriceFile, withPrices } from './policies/price-file.js';
export type { AnthropicPolicyOptions } from './anthropic/anthropic-policy.js';
export type { CacheMatch, CachePolicy, CachePolicyName, CachePrediction, CacheUsage, PolicyInput, PolicyParameter, LongContextPrices, PriceTable } from './policies/cache-policy.js';
export type { DeepSeekPolicyOptions } from './deepseek/deepseek-policy.js';
export type { OpenAIPolicyOptions } from './openai/openai-policy.js';
export type { PolicyRegistry } from './shipped-policies/policy-registry.js';
export type { PriceOverrides } from './policies/price-file.js';
export type { SglangPolicyOptions } from './self-hosted/sglang-policy.js';
export type { VllmPolicyOptions } from './self-hosted/vllm-policy.js';
// Published model prices (a maintained table's rows, in force at a request's time).
export { publishedPrices } from './prices/published-prices.js';
// DeepSeek V4 request rendering and tokenizer (src/analysis/deepseek).
export {
  DeepSeekV4Tokenizer,
} from './deepseek/deepseek-tokenizer.js';
export type { DeepSeekRequestSettings } from './deepseek/request-settings.js';

// Replays: the prefix store, the result shape every reader produces, and DSH session trees through a policy.
export { analyzeDshSessionTree } from './dsh/analyze-dsh-session-tree.js';
export type { AnalyzeDshSessionTreeOptions } from './dsh/analyze-dsh-session-tree.js';
export { PrefixStore } from './replay/prefix-store.js';
export { predictionAccuracy } from './self-check/prediction-accuracy.js';
export type { CacheMissReason } from './usage/cache-miss-reason.js';
export type { CalibrationMode } from './replay/head-calibration.js';
export type { HeadCalibrationReport } from './result/session-analysis.js';
export type { PrefixStoreOptions, StoreEntryInput, StoreMatch, StoreSequence } from './replay/prefix-store.js';
export type { CauseAccuracy, CauseDisagreement, ExplainedMiss } from './self-check/cause-agreement.js';
export type { PredictionAccuracy, PredictionAccuracyOptions } from './self-check/prediction-accuracy.js';
export type { NotReplayed, RequestAnalysis, RequestDivergence, SegmentSpan, SessionAnalysis, SessionTreeAnalysis, SpanList } from './result/session-analysis.js';
// Claude Code transcripts: predicted against logged cache usage.
export { analyzeClaudeCodeSession } from './claude-code/analyze-claude-code-session.js';
export type { ClaudeCodeAnalysisOptions } from './claude-code/claude-code-replay.js';
export type { ClaudeCodeApiCall, LoggedUsage } from './claude-code/api-calls.js';
export type { ClaudeCodeTranscript, ConversationEntry } from './claude-code/transcript-entry.js';
// Claude Code projects folders and the report of where the cache went: loss by cause, what-ifs, roll-ups.
export { claudeProjectsFolders } from './claude-code/projects-folder.js';
export { reportAnalysis } from './analyze/analyze-report.js';
export type { AnalyzeReport, ReportedAnalysis, ReportOptions, TreeReport } from './analyze/analyze-report.js';
export type { CauseRow, LossExample } from './analyze/lost-by-cause.js';
export type { LossCause } from './causes/loss-cause.js';
export type { ForkWhatIf, TtlNotReplayed, TtlReplayed, TtlWhatIf } from './analyze/what-if.js';
export type { RollUpKey, RollUpRow, TreeLabel } from './analyze/roll-up.js';
export type { SessionLabel } from './claude-code/session-label.js';
export type { TimeWindow } from './analyze/time-window.js';
// Codex CLI rollouts: predicted against the usage each call logged.
export { analyzeCodexRollouts } from './codex/analyze-codex-sessions.js';
export type { CodexAnalysisOptions, CodexInput } from './codex/analyze-codex-sessions.js';
// Trace replay: a block-hash trace (Mooncake) through a prefix cache with capacity (LRU) and TTL.
export { readTraceFile, simulateTraceFile } from './simulate/read-trace-file.js';
export { simulateTrace } from './simulate/simulate-trace.js';
export { simulationJson, simulationText } from './simulate/simulation-report.js';
export type { BlockCacheLimits, LeadingHit } from './simulate/block-prefix-cache.js';
export type { BlockTrace, TraceRequest } from './simulate/trace-request.js';
export type { PolicyTotals } from './simulate/policy-account.js';
export type { ReadTraceFileOptions } from './simulate/read-trace-file.js';
export type { SeriesPoint } from './simulate/hit-rate-series.js';
export type { SimulateTraceOptions, SimulationResult, SimulationSettings } from './simulate/trace-replay.js';
export type { TraceSimulationResult } from './simulate/simulate-trace.js';
// Duplication: what a fan-out of fork children duplicates and costs under a cache policy, against spawning them.
export { accountFanOut } from './duplication/fan-out-account.js';
export { duplicationAccount } from './duplication/duplication-account.js';
export { treeDuplication } from './duplication/tree-duplication.js';
export type { ChildAccount, FanOutAccount, FanOutAccountOptions } from './duplication/fan-out-account.js';
export type { ChildDuplication, ChildRequestAccount, DuplicationTotals, TreeDuplication } from './duplication/tree-duplication.js';
export type { DuplicationAccount } from './duplication/duplication-account.js';
export type { FanOut, FanOutPlan, FanOutHead } from './duplication/fan-out-requests.js';
// Request families: a captured parent request and its children's, as one session tree for reports.
export { analyzeRequestFamily } from './family/analyze-request-family.js';
export type { AnalyzeRequestFamilyOptions, FamilyRequest } from './family/analyze-request-family.js';
// Reports: the HTML prefix map of session trees.
export {
  readEmbeddedPageData,
  renderHtmlReport,
} from './report/html/index.js';
export type { DrawnScale, HtmlReportOptions, PageBreak, PageDataOptions, PageRow, PageSessionTotals, PageTree, SegmentTuple } from './report/html/index.js';
// The demo: the bundled session tree analysed per child (what `kvprefix demo` prints).

export type { ChildBreak } from './demo/child-break.js';
export type { DemoAnalysis, DemoChild } from './demo/analyze-demo-tree.js';

export { FAIL_ON_CHOICES, renderRunVerdict, runVerdict, watchFetch } from './watch/index.js';
export type { FailOn, RunBreak, RunVerdict, WatchOptions, WatchPrediction, WatchUsage } from './watch/index.js';
