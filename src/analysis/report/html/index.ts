// The HTML report: a self-contained page drawing each request as a bar of reused and lost segments.
export { pageData } from './page-data.js';
export type { PageBreak, PageDataOptions, PageRow, PageSessionTotals, PageTree, SegmentTuple } from './page-data.js';
export type { DrawnScale } from './drawn-scale.js';
export { readEmbeddedPageData, renderHtmlReport } from './render-html-report.js';
export type { HtmlReportOptions } from './render-html-report.js';
