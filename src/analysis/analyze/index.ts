// `kvprefix analyze`: recorded traffic dispatched to its reader, replayed through a cache policy.
export { analyzePaths } from './analyze-paths.js';
export type { AnalyzeOptions, AnalyzeResult } from './analyze-paths.js';
export { overallTotals, totalsOf, treeTotals } from './analyze-totals.js';
export type { UsageTotals } from './analyze-totals.js';
export { observedUsageOf } from './observed-usage.js';
export type { ObservedUsage } from './observed-usage.js';
export { choosePolicy, POLICY_CHOICES, policyNameFor } from './policy-choice.js';
export type { PolicyChoice, PolicyLookup } from './policy-choice.js';
export { readRecordedRequests } from './recorded-requests.js';
export type { ReadRecordedOptions, RecordedRequest } from './recorded-requests.js';
export { claudeCodeReader } from './claude-code-reader.js';
export { codexReader, isCodexRollout } from './codex-reader.js';
export { dshReader } from './dsh-reader.js';
export { SESSION_READERS } from './session-reader-list.js';
export { fileHead, isClaudeCodeTranscript, isDshSession, wireReader } from './session-readers.js';
export type { ReaderInput, ReaderOptions, SessionReader } from './session-readers.js';
export { analyzeWireSequence } from './wire-sequence.js';
export type { WireSequenceOptions } from './wire-sequence.js';
