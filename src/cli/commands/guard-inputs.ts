import path from 'node:path';
import { UsageError } from '../../prefix/index.js';
import { guardComposition, type GuardFinding, type GuardReport } from '../../analysis/index.js';
import { STDIN_NAME } from '../../providers/index.js';
import { inputOptions, MAX_INPUT_OPTION } from '../input-options.js';
import type { CliIo } from '../io.js';
import { parseOptions } from '../parse-options.js';

/** Options `guard` and `explain` share. */
export const COMPOSITION_OPTIONS = {
  host: { type: 'string', multiple: true },
  session: { type: 'string' },
  json: { type: 'boolean' },
  platform: { type: 'string' },
  ...MAX_INPUT_OPTION,
} as const;

/** The platforms `--platform` takes: those DSH compositions test `process.platform` against. */
const PLATFORMS = ['linux', 'darwin', 'win32'] as const;

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
  const platform = values['platform'];
  if (platform !== undefined && !(PLATFORMS as readonly unknown[]).includes(platform)) {
    throw new UsageError('usage/bad-option', `--platform must be linux, darwin or win32, got '${String(platform)}'`);
  }
  const stdinUses = [...positionals, ...((values['host'] as string[] | undefined) ?? []), values['session']].filter((file) => file === STDIN_NAME).length;
  if (stdinUses > 1) throw new UsageError('usage/arguments', 'standard input (-) can be only one of the inputs (compositions, --host, --session)');
  return { files: positionals, values };
}

/** A file argument as the library reads it: `-` stays standard input, named `<stdin>`. */
function source(file: string, io: CliIo): { path: string; label: string } {
  return file === STDIN_NAME ? { path: STDIN_NAME, label: '<stdin>' } : { path: path.resolve(io.cwd, file), label: file };
}

/** Guards each file with the shared hosts and session. */
export async function guardFiles(parsed: CompositionArguments, io: CliIo): Promise<GuardReport[]> {
  const hosts = ((parsed.values['host'] as string[] | undefined) ?? []).map((host) => source(host, io));
  const session = parsed.values['session'] as string | undefined;
  const platform = parsed.values['platform'] as string | undefined;
  const input = inputOptions(parsed.values, io);
  const reports: GuardReport[] = [];
  for (const file of parsed.files) {
    reports.push(
      await guardComposition(source(file, io), {
        hosts,
        input,
        ...(session === undefined ? {} : { session: source(session, io) }),
        ...(platform === undefined ? {} : { platform }),
      }),
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
