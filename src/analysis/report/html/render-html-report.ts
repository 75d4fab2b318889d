import type { SessionTreeAnalysis } from '../../replay/session-analysis.js';
import { pageData } from './page-data.js';
import { PAGE_SCRIPT } from './page-script.js';
import { PAGE_STYLE } from './page-style.js';

/** Options of `renderHtmlReport`. */
export interface HtmlReportOptions {
  readonly title?: string;
  /** An HTML block set at the top of the page, before the bars: the report of where the cache went (`causeSummaryHtml`). */
  readonly summaryHtml?: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * JSON that can sit inside a `<script>` element: `<` is escaped so no string in the data (a prompt
 * quoting `</script>`, say) can end the element, and U+2028/U+2029, which JSON allows in strings,
 * are escaped for older script parsers.
 */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
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
<p class="meta">Each bar is one request, its segments in wire order, width by tokens. Green: reused from the cache as the policy predicts; red: lost (prefilled again). The black line marks where the request first differs from the earlier request it shares the most with, and why.</p>
${options.summaryHtml ?? ''}<div class="legend"><span><i style="background:#2e7d32"></i>reused head</span><span><i style="background:#66bb6a"></i>reused history</span><span><i style="background:#c62828"></i>lost head</span><span><i style="background:#ef5350"></i>lost history</span><span><i style="background:#888;background-image:repeating-linear-gradient(135deg,rgba(255,255,255,.5) 0 3px,transparent 3px 7px)"></i>inherited from the parent</span></div>
<div id="trees"></div>
<div id="tip" hidden></div>
<script type="application/json" id="kvprefix-data">${scriptJson(pageData(trees))}</script>
<script>${PAGE_SCRIPT}</script>
</body>
</html>
`;
}
