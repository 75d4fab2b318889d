import { oneLine } from '../text/terminal-text.js';
import type { GuardReport, GuardVerdict } from './guard-report.js';
import { unexplainedDelegations, modelExperienceCards, type ModelExperienceCard, type UnexplainedDelegation } from './model-experience.js';
import { guardJson, guardWarnings, renderGuardReport } from './render-guard-report.js';

/** One `kvprefix guard` run: every composition's report, and what they decide together. */
export interface GuardRun {
  readonly reports: readonly GuardReport[];
  /** The worst verdict of any report: `invalid-input` over `failed` over `passed`. */
  readonly verdict: GuardVerdict;
  /** What the guard read differently from the files it was given, each said once (every composition reads the same `--session`). */
  readonly warnings: readonly string[];
}

const VERDICT_RANK: Record<GuardVerdict, number> = { passed: 0, failed: 1, 'invalid-input': 2 };

/** Process exit codes of a verdict (README, "The CLI"): 0 clean, 1 findings, 3 bad input. */
export const GUARD_EXIT_CODES = { passed: 0, failed: 1, 'invalid-input': 3 } as const satisfies Record<GuardVerdict, number>;

/** Joins the reports of one run. */
export function guardRun(reports: readonly GuardReport[]): GuardRun {
  const verdict = reports.reduce<GuardVerdict>((worst, report) => (VERDICT_RANK[report.verdict] > VERDICT_RANK[worst] ? report.verdict : worst), 'passed');
  return { reports, verdict, warnings: [...new Set(reports.flatMap(guardWarnings))] };
}

/** The exit code of a guard run: a pure function of its verdict. */
export function guardExitCode(run: Pick<GuardRun, 'verdict'>): (typeof GUARD_EXIT_CODES)[GuardVerdict] {
  return GUARD_EXIT_CODES[run.verdict];
}

/** The `--json` document of a run: `ok`, every finding, the warnings, and each file's own fields. */
export function guardRunJson(run: GuardRun): {
  ok: boolean;
  findings: Record<string, unknown>[];
  warnings: readonly string[];
  files: Omit<ReturnType<typeof guardJson>, 'findings' | 'warnings'>[];
} {
  const documents = run.reports.map(guardJson);
  return {
    ok: run.verdict === 'passed',
    findings: documents.flatMap((document) => document.findings),
    warnings: run.warnings,
    files: documents.map(({ findings: _, warnings: __, ...rest }) => rest),
  };
}

/** The reports of a run as text or Markdown, one block per composition. */
export function renderGuardRun(run: GuardRun, format: 'text' | 'md'): string {
  return run.reports.map((report) => renderGuardReport(report, format)).join('\n');
}

/** `file:line: yamlPath: reason`, one line per row that makes the input invalid, for stderr (empty when none), control characters shown as escapes. */
export function invalidInputLines(reports: readonly Pick<GuardReport, 'invalidInput'>[]): string {
  return reports
    .flatMap((report) => report.invalidInput)
    .map((problem) => oneLine(`${problem.file}:${problem.line}: ${problem.yamlPath || '(document)'}: ${problem.message}`) + '\n')
    .join('');
}

/** What `kvprefix explain` says about one composition: its cards, what it could not explain, and its verdict. */
export interface ExplainResult {
  readonly source: string;
  readonly cards: readonly ModelExperienceCard[];
  readonly unexplained: readonly UnexplainedDelegation[];
  readonly warnings: readonly string[];
  /** `invalid-input` when the composition does not validate, `unexplained` when a delegation has no card, else `explained`. */
  readonly verdict: 'explained' | 'unexplained' | 'invalid-input';
}

/** Explains a guarded composition: a card per delegation and call path, and each delegation it could not explain. */
export function explainReport(report: GuardReport): ExplainResult {
  const unexplained = unexplainedDelegations(report);
  const verdict = report.verdict === 'invalid-input' ? 'invalid-input' : unexplained.length > 0 ? 'unexplained' : 'explained';
  return { source: report.source, cards: modelExperienceCards(report), unexplained, warnings: guardWarnings(report), verdict };
}

/** The exit code of `explain`: 0 explained, 1 a delegation left unexplained, 3 invalid input. */
export function explainExitCode(result: Pick<ExplainResult, 'verdict'>): 0 | 1 | 3 {
  return result.verdict === 'invalid-input' ? 3 : result.verdict === 'unexplained' ? 1 : 0;
}
