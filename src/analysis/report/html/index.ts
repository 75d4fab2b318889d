export { pageData } from './page-data.js';
export type { PageBreak, PageDataOptions, PageRow, PageSessionTotals, PageTree, SegmentTuple } from './page-data.js';
export type { DrawnScale } from './drawn-scale.js';
export { readEmbeddedPageData, renderHtmlReport } from './render-html-report.js';
export type { HtmlReportOptions } from './render-html-report.js';
