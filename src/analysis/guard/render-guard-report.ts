import { markdownText, terminalText } from '../text/terminal-text.js';
import { unfinishedLineMessage } from '../text/unfinished-line.js';
import type { GuardFinding } from './guard-finding.js';
import type { GuardReport } from './guard-report.js';
import { groupDigits } from '../../prefix/group-digits.js';

/** The `--json` document: `ok` and every finding with its location, tool, message and lost tokens. */
export function guardJson(report: GuardReport): {
  ok: boolean;
  source: string;
  headSource: string;
  findings: Record<string, unknown>[];
  uncounted: GuardReport['uncounted'];
  warnings: string[];
} {
  return {
    ok: report.ok,
    source: report.source,
    headSource: report.headSource,
    findings: report.findings.map(({ kind, severity, file, yamlPath, line, tool, message, lostTokens, ...details }) => ({ kind, severity, file, yamlPath, line, tool, message, lostTokens, ...details })),
    uncounted: report.uncounted,
    warnings: guardWarnings(report),
  };
}

/** What the guard read differently from the files it was given (a session line still being written), in words. */
export function guardWarnings(report: GuardReport): string[] {
  const unfinished = report.sessionUnfinishedLine;
  if (unfinished === undefined) return [];
  return [unfinishedLineMessage(report.subject.sessionSource ?? 'session log', unfinished, 'the guard read the log')];
}

function where(finding: GuardFinding): string {
  if (finding.file === null) return finding.tool ?? '';
  const line = finding.line === null ? '' : `:${finding.line}`;
  return `${finding.file}${line}${finding.yamlPath ? ` ${finding.yamlPath}` : ''}`;
}

function tally(findings: readonly GuardFinding[]): string {
  const errors = findings.filter((finding) => finding.severity === 'error').length;
  const warnings = findings.filter((finding) => finding.severity === 'warning').length;
  return `${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}`;
}

function headOrigin(report: GuardReport): string {
  return report.headSource === 'session' ? `head logged in ${report.subject.sessionSource}` : 'head assembled from the composition';
}

/**
 * Terminal text: one block per finding, then a verdict line. File names, tool names, personas and
 * YAML keys come from the compositions, so control characters are shown as escapes.
 */
export function renderGuardText(report: GuardReport): string {
  const lines = [`kvprefix guard: ${report.source} (${headOrigin(report)})`];
  for (const finding of report.findings) lines.push(`${finding.severity.padEnd(7)} ${finding.kind}  ${where(finding)}`, `  ${finding.message}`);
  if (report.uncounted.length > 0) lines.push(`note: not counted in token numbers: ${report.uncounted.map((entry) => entry.package).join(', ')}`);
  lines.push(`${report.ok ? 'PASSED' : 'FAILED'}: ${tally(report.findings)}`);
  return terminalText(`${lines.join('\n')}\n`);
}

/** Markdown, for a CI job summary or a pull-request comment: text from the compositions has its HTML escaped, each on one line. */
export function renderGuardMarkdown(report: GuardReport): string {
  const lines = [`## kvprefix guard: \`${markdownText(report.source)}\` — ${report.ok ? 'passed' : 'failed'}`, '', `${markdownText(`${tally(report.findings)}; ${headOrigin(report)}`)}.`, ''];
  for (const finding of report.findings) lines.push(`- **${finding.severity}** \`${finding.kind}\` at \`${markdownText(where(finding))}\`${finding.lostTokens === null ? '' : ` — ${groupDigits(finding.lostTokens)} tokens lost`}`, `  ${markdownText(finding.message)}`);
  if (report.uncounted.length > 0) lines.push('', `Not counted in token numbers: ${report.uncounted.map((entry) => `\`${markdownText(entry.package)}\``).join(', ')}.`);
  return `${lines.join('\n')}\n`;
}

/** Renders a report in one of the CLI's formats. */
export function renderGuardReport(report: GuardReport, format: 'text' | 'md'): string {
  return format === 'md' ? renderGuardMarkdown(report) : renderGuardText(report);
}
