// Wire-body readers: captured OpenAI/DeepSeek chat and Anthropic messages bodies → hashed requests.
export { detectWireFormat, findRequestBodies, readRequestBody, readRequestFile, WIRE_FORMATS } from './wire/index.js';
export type { DetectedWire, FoundBody, ReadRequestBodyOptions, ReadRequestFileOptions, WireFormat, WireProvider, WireRequest } from './wire/index.js';
// Causes: what a divergence means (route, persona, tool filter, report tool, task, …).
export { attributeDivergence, causeText, DIVERGENCE_CAUSES, inferCause } from './causes/index.js';
export type { AttributedDivergence, DivergenceCause } from './causes/index.js';
// Trace replay: a block-hash trace (Mooncake) through a prefix cache with capacity (LRU) and TTL.
export { BlockPrefixCache, defaultBucketSeconds, hitRateChart, HitRateSeries, MOONCAKE_BLOCK_TOKENS, parseTraceLine, parseTraceText, readTraceFile, simulateTrace, simulationJson, simulationText } from './simulate/index.js';
export type { BlockCacheLimits, BlockTrace, LeadingHit, PolicyTotals, ReadTraceFileOptions, SeriesPoint, SimulateTraceOptions, SimulationResult, SimulationSettings, TraceRequest } from './simulate/index.js';
// Duplication: what a fan-out of fork children duplicates and costs under a cache policy, against spawning them.
export { accountFanOut, duplicationAccount, forkFanOut, SharedTokensMemo, spawnFanOut } from './duplication/index.js';
export type { ChildAccount, DuplicationAccount, FanOut, FanOutAccount, FanOutAccountOptions, FanOutPlan, RequestHead } from './duplication/index.js';
// Request families: a captured parent request and its children's, as one session tree for reports.
export { analyzeRequestFamily, requestDivergence, segmentSpans } from './family/index.js';
export type { AnalyzeRequestFamilyOptions, FamilyRequest } from './family/index.js';
// Reports: the HTML prefix map of session trees.
export { pageData, renderHtmlReport } from './report/html/index.js';
export type { HtmlReportOptions, PageBreak, PageRow, PageSessionTotals, PageTree, SegmentTuple } from './report/html/index.js';
