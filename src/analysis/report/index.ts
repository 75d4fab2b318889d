// Reports: wording and renderers for diff, seed and analyze: text, Markdown, streamed JSON and the HTML page.
export { causeLine, renderDiffMarkdown, renderDiffText } from './diff-text.js';
export { renderSeedText, seedOfLog, unfinishedLineNote } from './seed-report.js';
export type { SeedOfLog, SeedOfLogOptions, SeedReport } from './seed-report.js';
export { count, money, percent, sizeText, visible } from './text-format.js';
export { analyzeJson } from './analyze-json.js';
export { writeAnalyzeJson } from './analyze-json-stream.js';
export type { AnalyzeJsonStreamOptions } from './analyze-json-stream.js';
export { lossHeadline, subagentCount, whatIfLines } from './cause-summary.js';
export { causeSummaryHtml } from './cause-summary-html.js';
export { renderAnalyzeMarkdown, writeAnalyzeMarkdown } from './analyze-markdown.js';
export type { AnalyzeMarkdownOptions } from './analyze-markdown.js';
export { renderAnalyzeText, totalsLine } from './analyze-text.js';
export type { AnalyzeTextOptions } from './analyze-text.js';
export { unfinishedLineMessage } from './unfinished-line.js';
