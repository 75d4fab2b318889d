/**
 * The analysis entry point of `kvprefix analyze`: what the command checks its options against, and
 * the flows it runs, each loaded only when a run needs it (a few Claude Code transcripts must not
 * load the DSH, wire-body or report code they never use: the cold start is benched). Not a public
 * entry point (`index.ts` is); the command imports nothing else of `analysis`.
 */
export { POLICY_CHOICES } from './shipped-policies/policy-choice.js';
export type { PolicyChoice, PolicyLookup } from './shipped-policies/policy-choice.js';
export { policyByName } from './shipped-policies/policy-registry.js';
export type { AnalyzeOptions, AnalyzeResult } from './analyze/analyze-paths.js';
export type { ReportedAnalysis } from './analyze/analyze-report.js';
export { ROLL_UP_KEYS } from './analyze/roll-up.js';
export type { RollUpKey } from './analyze/roll-up.js';
export { checkWindow, localTimeZone, parseTimeOption, ZonedClock } from './analyze/time-window.js';
export type { TimeWindow } from './analyze/time-window.js';
export { agentHomeFolders } from './codex/sessions-folder.js';
export { CALIBRATION_MODES } from './replay/head-calibration.js';
export type { CalibrationMode } from './replay/head-calibration.js';
export type { SessionTreeAnalysis } from './result/session-analysis.js';
export { nothingReported } from './report/nothing-reported.js';
export { oneLine, terminalText } from './text/terminal-text.js';
export { renderRunVerdict, runVerdict } from './watch/run-verdict.js';

/** The replay and report of the named inputs (Claude Code, DSH, Codex, claude-trace, watch records, bodies). */
export const loadAnalyzeAndReport = () => import('./analyze/analyze-and-report.js');
/** The replay alone, for rows written as the trees come. */
export const loadAnalyzePaths = () => import('./analyze/analyze-paths.js');
/** The rows of `--format jsonl`. */
export const loadRows = () => import('./rows/index.js');
/** The `--json` document, written as a stream. */
export const loadJsonReport = () => import('./report/analyze-json-stream.js');
/** The Markdown report, written as a stream. */
export const loadMarkdownReport = () => import('./report/analyze-markdown.js');
/** The HTML page. */
export const loadHtmlReport = () => import('./report/analyze-html.js');
/** The terminal report. */
export const loadTextReport = () => import('./report/analyze-text.js');
/** `--host`: a composition's DeepSeek settings. */
export const loadHostSettings = () => import('./compositions/llm-settings.js');
/** The Codex and Claude Code home folders read when no path is named. */
export const loadHomeFolders = () => import('./codex/analyze-home-folders.js');
/** `--prices FILE`. */
export const loadPriceFile = () => import('./policies/price-file.js');
