import type { SessionTreeAnalysis } from '../../result/session-analysis.js';
import { gunzipSync, gzipSync } from 'node:zlib';
import { pageData, type PageTree } from './page-data.js';
import { PAGE_SCRIPT } from './page-script.js';
import { PAGE_STYLE } from './page-style.js';

/** Options of `renderHtmlReport`. */
export interface HtmlReportOptions {
  readonly title?: string;
  /** Inputs left out of the analysis, each with its reason (`AnalyzeResult.skipped`): listed on the page. */
  readonly skipped?: readonly { readonly file: string; readonly reason: string }[];
  /** An HTML block set at the top of the page, before the bars: the report of where the cache went (`causeSummaryHtml`). */
  readonly summaryHtml?: string;
  /** Labels for sessions by id, e.g. a child's task; other sessions are labelled by their file's short name. */
  readonly labels?: ReadonlyMap<string, string>;
  /** Each tree's heading, in tree order (default: its root file). */
  readonly titles?: readonly string[];
  /** The currency of the costs (default `USD`, drawn as `$`). */
  readonly currency?: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The page's data as it sits in the page: JSON, gzipped, in base64. Conversations resend their
 * history on every request, so the JSON of a hundred Claude Code sessions is over a megabyte of
 * repeated names and keys, which gzip takes to a sixth; base64 has no `<`, so no string in the data
 * (a prompt quoting `</script>`) can end the element. The page inflates it with the browser's own
 * `DecompressionStream`.
 */
export function embeddedPageData(trees: readonly PageTree[]): string {
  return gzipSync(JSON.stringify(trees)).toString('base64');
}

/** The data `renderHtmlReport` embedded in a page it wrote (for tests and tools that read the page). */
export function readEmbeddedPageData(html: string): PageTree[] {
  const data = /<script type="application\/gzip" id="kvprefix-data">([^<]*)<\/script>/.exec(html);
  if (!data) throw new Error('the page has no kvprefix-data element');
  return JSON.parse(gunzipSync(Buffer.from(data[1]!, 'base64')).toString('utf8')) as PageTree[];
}

/** The inputs that were left out, so the page never shows less than was given without saying so. */
function skippedList(skipped: readonly { readonly file: string; readonly reason: string }[]): string {
  if (skipped.length === 0) return '';
  const items = skipped.map((skip) => `<li><code>${escapeHtml(skip.file)}</code>: ${escapeHtml(skip.reason)}</li>`).join('');
  return `<section class="skipped"><h2>Skipped (${skipped.length})</h2><ul>${items}</ul></section>\n`;
}

/**
 * The prefix map: one self-contained HTML page (inline style and script, nothing fetched) drawing
 * every request of every tree as a bar of its segments, width by tokens, reused and lost in different
 * colours, the cause written at the break, parent and children on one axis per tree; hovering a
 * segment shows its name, kind, tokens and hash; each tree opens with its totals and money per session.
 */
export function renderHtmlReport(trees: readonly SessionTreeAnalysis[], options: HtmlReportOptions = {}): string {
  const title = options.title ?? 'kvprefix prefix map';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
<p class="meta">Each bar is one request, its segments in wire order, its length its tokens on the axis. Green: reused from the cache as the policy predicts; red: lost (prefilled again). The black line marks where the request first differs from the earlier request it shares the most with; the line under the bar says why (* the cause was inferred from the request bytes: no host scope).</p>
<!-- Summaries of the whole input (totals, by cause, skipped inputs) go here, above the trees. -->
<div id="summary">${options.summaryHtml ?? ''}</div>
<div class="legend"><span><i style="background:#2e7d32"></i>reused head</span><span><i style="background:#66bb6a"></i>reused history</span><span><i style="background:#c62828"></i>lost head</span><span><i style="background:#ef5350"></i>lost history</span><span><i style="background-color:#66bb6a;background-image:repeating-linear-gradient(135deg,rgba(0,0,0,.28) 0 2px,transparent 2px 6px)"></i>inherited from the parent (striped)</span></div>
<div id="trees"></div>
<div id="tip" hidden></div>
${skippedList(options.skipped ?? [])}<script type="application/gzip" id="kvprefix-data">${embeddedPageData(pageData(trees, { ...(options.labels ? { labels: options.labels } : {}), ...(options.titles ? { titles: options.titles } : {}), ...(options.currency ? { currency: options.currency } : {}) }))}</script>
<script>${PAGE_SCRIPT}</script>
</body>
</html>
`;
}
