import type { AnalyzeResult } from '../analyze/analyze-paths.js';
import { overallTotals, treeTotals } from '../analyze/analyze-totals.js';
import type { AnalyzeReport } from '../analyze/analyze-report.js';
import { accuracyLine, predictionAccuracy } from '../self-check/prediction-accuracy.js';
import { treeTitle } from './analyze-rows.js';
import { totalsLine } from './analyze-text.js';
import { causeSummaryHtml, escapeHtmlText } from './cause-summary-html.js';
import { renderHtmlReport } from './html/render-html-report.js';
import { count, money } from './text-format.js';

type MaybeReported = AnalyzeResult & { readonly report?: AnalyzeReport };

/** The anchor of a tree's section on the page (`tree-1` for the first), set by the page script on the section it draws. */
export const treeAnchor = (index: number): string => `tree-${index + 1}`;

/** What a tree is called in the contents: its title, else its root file's name. */
function entryName(result: MaybeReported, index: number): string {
  const tree = result.trees[index]!;
  const label = result.report?.trees[index]?.label;
  const file = tree.sessions[0]?.file ?? 'session tree';
  return label?.title ?? file.slice(file.lastIndexOf('/') + 1);
}

/**
 * A table of contents, by project, then by session tree in each: a page of hundreds of requests runs
 * to tens of thousands of pixels, and each entry jumps to its tree and gives its requests, logged
 * hit rate and cost. Trees without a project (request bodies, DSH logs) are listed under their folder.
 */
function contentsHtml(result: MaybeReported): string {
  if (result.trees.length < 2) return '';
  const projects = new Map<string, number[]>();
  result.trees.forEach((tree, index) => {
    const project = result.report?.trees[index]?.label.project ?? tree.sessions[0]?.file.replace(/\/[^/]*$/, '') ?? '(unknown project)';
    projects.set(project, [...(projects.get(project) ?? []), index]);
  });
  const items = [...projects].map(([project, indices]) => {
    const sessions = indices.map((index) => {
      const totals = treeTotals(result.trees[index]!);
      const subagents = result.trees[index]!.sessions.length - 1;
      const logged = totals.observed === null ? 'no usage logged' : `logged hit rate ${(100 * totals.observed.hitRate).toFixed(1)}%`;
      const cost = totals.cost.observed ?? totals.cost.predicted;
      const facts = `${count(totals.requests)} request${totals.requests === 1 ? '' : 's'}${subagents > 0 ? `, ${subagents} subagent${subagents === 1 ? '' : 's'}` : ''}, ${logged}, ${money(cost, result.currency)}${totals.cost.observed === null ? ' predicted' : ' logged'}`;
      return `<li><a href="#${treeAnchor(index)}">${escapeHtmlText(entryName(result, index))}</a> <span class="meta">(${escapeHtmlText(facts)})</span></li>`;
    });
    return `<li>${escapeHtmlText(project)} <span class="meta">(${indices.length} session tree${indices.length === 1 ? '' : 's'})</span><ul>${sessions.join('')}</ul></li>`;
  });
  return `<nav id="contents"><h2>Contents</h2><ul>${items.join('\n')}</ul></nav>\n`;
}

/**
 * The top of the HTML page of `kvprefix analyze`: where the cache went (`causeSummaryHtml`), the
 * grand total over every tree (requests, tokens, predicted and logged reads with the logged hit
 * rate, cost with its currency), the self-check against the logged usage, and the contents by
 * project and session tree. The same lines as the text and Markdown reports.
 */
export function analyzeSummaryHtml(result: MaybeReported): string {
  const totals = totalsLine(overallTotals(result.trees), result.currency).replace(/^totals: /, '');
  const selfCheck = accuracyLine(predictionAccuracy(result.trees));
  const overview = [
    `<p class="grand-total"><b>${escapeHtmlText(`All ${count(result.trees.length)} tree${result.trees.length === 1 ? '' : 's'}: ${totals}`)}</b></p>`,
    selfCheck === null ? '' : `<p class="self-check">${escapeHtmlText(selfCheck)}</p>`,
  ].join('\n');
  return `${causeSummaryHtml(result)}<section id="overview">\n${overview}\n</section>\n${contentsHtml(result)}`;
}

/**
 * The HTML page of `kvprefix analyze`: the summary at the top (`analyzeSummaryHtml`), then each tree
 * under its project and title, costs in the result's currency, and the inputs that were skipped.
 */
export function renderAnalyzeHtml(result: MaybeReported): string {
  const titles = result.trees.map((tree, index) => treeTitle(tree, result.report?.trees[index]?.label));
  return renderHtmlReport(result.trees, { summaryHtml: analyzeSummaryHtml(result), skipped: result.skipped, titles, currency: result.currency });
}
