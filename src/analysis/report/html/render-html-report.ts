import type { SessionTreeAnalysis } from '../../replay/session-analysis.js';
import { pageData } from './page-data.js';
import { PAGE_SCRIPT } from './page-script.js';
import { PAGE_STYLE } from './page-style.js';

/** Options of `renderHtmlReport`. */
export interface HtmlReportOptions {
  readonly title?: string;
  /** Inputs left out of the analysis, each with its reason (`AnalyzeResult.skipped`): listed on the page. */
  readonly skipped?: readonly { readonly file: string; readonly reason: string }[];
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
<p class="meta">Each bar is one request, its segments in wire order, width by tokens. Green: reused from the cache as the policy predicts; red: lost (prefilled again). The black line marks where the request first differs from the earlier request it shares the most with, and why.</p>
<div class="legend"><span><i style="background:#2e7d32"></i>reused head</span><span><i style="background:#66bb6a"></i>reused history</span><span><i style="background:#c62828"></i>lost head</span><span><i style="background:#ef5350"></i>lost history</span><span><i style="background:#888;background-image:repeating-linear-gradient(135deg,rgba(255,255,255,.5) 0 3px,transparent 3px 7px)"></i>inherited from the parent</span></div>
<div id="trees"></div>
<div id="tip" hidden></div>
${skippedList(options.skipped ?? [])}<script type="application/json" id="kvprefix-data">${scriptJson(pageData(trees))}</script>
<script>${PAGE_SCRIPT}</script>
</body>
</html>
`;
}
