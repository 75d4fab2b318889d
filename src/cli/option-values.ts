import { UsageError } from '../prefix/errors.js';

/** Output formats of the commands that render reports (`html` only where a command draws pictures, `jsonl` where it writes one row per request). */
export type OutputFormat = 'text' | 'md' | 'json' | 'html' | 'jsonl';

const TEXT_FORMATS = ['text', 'md', 'json'] as const satisfies readonly OutputFormat[];

/** The `parseOptions` entries of `--format` and `--json`, which every command takes. */
export const FORMAT_OPTIONS = { format: { type: 'string' }, json: { type: 'boolean' } } as const;

/**
 * `--format F` (one of the formats a command lists; the first is its default), with `--json` as the
 * short form of `--format json`, in every command. Given both, they must agree: `--json --format md`
 * is a usage error (exit 2), never a silent pick of one.
 */
export function formatOption<F extends OutputFormat>(values: Record<string, unknown>, formats: readonly F[] = TEXT_FORMATS as readonly OutputFormat[] as readonly F[]): F {
  const format = values['format'];
  const json = values['json'] === true;
  if (json && !(formats as readonly string[]).includes('json')) throw new UsageError('usage/unknown-format', `--json is not an output of this command: use one of ${formats.join(', ')}`);
  if (format === undefined) return json ? ('json' as F) : formats[0]!;
  if (typeof format !== 'string' || !(formats as readonly string[]).includes(format)) throw new UsageError('usage/unknown-format', `unknown format '${String(format)}': use one of ${formats.join(', ')}`);
  if (json && format !== 'json') throw new UsageError('usage/conflicting-format', `--json and --format ${format} disagree: pass one of them`);
  return format as F;
}

/** `--provider P`: a provider name as routes spell it (lower case, no spaces). */
export function providerOption(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^[a-z0-9][a-z0-9._:-]*$/.test(value)) {
    throw new UsageError('usage/bad-provider', `--provider '${String(value)}' is not a provider name: use a lower-case name such as deepseek, openai, anthropic, mistral`);
  }
  return value;
}
