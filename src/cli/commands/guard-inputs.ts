import path from 'node:path';
import { UsageError } from '../../prefix/index.js';
import { guardComposition, type GuardFinding, type GuardReport } from '../../analysis/index.js';
import type { CliIo } from '../io.js';
import { parseOptions } from '../parse-options.js';

/** Options `guard` and `explain` share. */
export const COMPOSITION_OPTIONS = {
  host: { type: 'string', multiple: true },
  session: { type: 'string' },
  json: { type: 'boolean' },
  platform: { type: 'string' },
} as const;

/** Parsed arguments of a composition command. */
export interface CompositionArguments {
  readonly files: readonly string[];
  readonly values: Record<string, string | boolean | (string | boolean)[] | undefined>;
}

/** Parses a composition command's arguments; `format` is accepted when `withFormat`. */
export function parseCompositionArguments(argv: readonly string[], withFormat: boolean): CompositionArguments {
  const { values, positionals } = parseOptions(argv, withFormat ? { ...COMPOSITION_OPTIONS, format: { type: 'string' } } : COMPOSITION_OPTIONS);
  if (positionals.length === 0) throw new UsageError('usage/arguments', 'expected at least one composition file');
  const format = values['format'];
  if (format !== undefined && format !== 'text' && format !== 'md') throw new UsageError('usage/bad-option', `--format must be text or md, got '${String(format)}'`);
  return { files: positionals, values };
}

/** Guards each file with the shared hosts and session. */
export async function guardFiles(parsed: CompositionArguments, io: CliIo): Promise<GuardReport[]> {
  const hosts = ((parsed.values['host'] as string[] | undefined) ?? []).map((host) => ({ path: path.resolve(io.cwd, host), label: host }));
  const session = parsed.values['session'] as string | undefined;
  const platform = parsed.values['platform'] as string | undefined;
  const reports: GuardReport[] = [];
  for (const file of parsed.files) {
    reports.push(
      await guardComposition(
        { path: path.resolve(io.cwd, file), label: file },
        { hosts, ...(session === undefined ? {} : { session: { path: path.resolve(io.cwd, session), label: session } }), ...(platform === undefined ? {} : { platform }) },
      ),
    );
  }
  return reports;
}

/** Findings that make the input invalid (exit 3): compositions that do not validate. */
export function invalidInput(findings: readonly GuardFinding[]): GuardFinding[] {
  return findings.filter((finding) => finding.kind === 'invalid-composition' && finding.severity === 'error');
}

/** `file:line: yamlPath: reason`, one line per invalid row, for stderr. */
export function invalidInputLines(findings: readonly GuardFinding[]): string {
  return invalidInput(findings)
    .map((finding) => `${finding.file ?? ''}:${finding.line ?? 1}: ${finding.yamlPath || '(document)'}: ${finding.message}\n`)
    .join('');
}
