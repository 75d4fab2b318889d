export { pageData } from './page-data.js';
export type { PageBreak, PageRow, PageSessionTotals, PageTree, SegmentTuple } from './page-data.js';
export { renderHtmlReport } from './render-html-report.js';
export type { HtmlReportOptions } from './render-html-report.js';
