import path from 'node:path';
import { UsageError } from '../../prefix/index.js';
import { guardComposition, type GuardReport } from '../../analysis/index.js';
import { STDIN_NAME } from '../../providers/index.js';
import { inputOptions, MAX_INPUT_OPTION } from '../input-options.js';
import type { CliIo } from '../io.js';
import { FORMAT_OPTIONS } from '../option-values.js';
import { parseOptions } from '../parse-options.js';

/** Options `guard` and `explain` share. */
export const COMPOSITION_OPTIONS = {
  host: { type: 'string', multiple: true },
  session: { type: 'string' },
  platform: { type: 'string' },
  ...FORMAT_OPTIONS,
  ...MAX_INPUT_OPTION,
} as const;

/** The platforms `--platform` takes: those DSH compositions test `process.platform` against. */
const PLATFORMS = ['linux', 'darwin', 'win32'] as const;

/** Parsed arguments of a composition command. */
export interface CompositionArguments {
  readonly files: readonly string[];
  readonly values: Record<string, string | boolean | (string | boolean)[] | undefined>;
}

/** Parses a composition command's arguments (each command reads `--format` with its own formats). */
export function parseCompositionArguments(argv: readonly string[]): CompositionArguments {
  const { values, positionals } = parseOptions(argv, COMPOSITION_OPTIONS);
  if (positionals.length === 0) throw new UsageError('usage/arguments', 'expected at least one composition file');
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
