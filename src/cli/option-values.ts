import { UsageError } from '../prefix/errors.js';

/** Output formats of the commands that render reports (`html` only where a command draws pictures). */
export type OutputFormat = 'text' | 'md' | 'json' | 'html';

const TEXT_FORMATS = ['text', 'md', 'json'] as const satisfies readonly OutputFormat[];

/** `--format text|md|json` (or the formats a command lists), with `--json` as its short form (the two must agree when both are given). */
export function formatOption(values: Record<string, unknown>, formats: readonly OutputFormat[] = TEXT_FORMATS): OutputFormat {
  const format = values['format'];
  const json = values['json'] === true;
  if (format === undefined) return json ? 'json' : 'text';
  if (typeof format !== 'string' || !(formats as readonly string[]).includes(format)) throw new UsageError('usage/unknown-format', `unknown format '${String(format)}': use one of ${formats.join(', ')}`);
  if (json && format !== 'json') throw new UsageError('usage/conflicting-format', `--json and --format ${format} disagree: pass one of them`);
  return format as OutputFormat;
}

/** `--provider P`: a provider name as routes spell it (lower case, no spaces). */
export function providerOption(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^[a-z0-9][a-z0-9._:-]*$/.test(value)) {
    throw new UsageError('usage/bad-provider', `--provider '${String(value)}' is not a provider name: use a lower-case name such as deepseek, openai, anthropic, mistral`);
  }
  return value;
}
