import { DIVERGENCE_CAUSES } from '../analysis/causes/divergence-cause.js';
import { FAIL_ON_CHOICES, type FailOn } from '../analysis/watch/run-verdict.js';
import { UsageError } from '../prefix/index.js';

/** `--fail-on lost-head|any-break`: undefined when absent, a usage error naming the choices otherwise. */
export function failOnOption(value: unknown): FailOn | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string' && (FAIL_ON_CHOICES as readonly string[]).includes(value)) return value as FailOn;
  throw new UsageError('usage/unknown-fail-on', `unknown --fail-on '${String(value)}': use one of ${FAIL_ON_CHOICES.join(', ')}`);
}

// Causes a break can have besides the divergence causes: an idle gap past the TTL (a watch record, a replay).
const ALLOWABLE = [...DIVERGENCE_CAUSES, 'ttl'];

/** `--allow CAUSE` (repeatable): causes a CI check accepts as expected. Only with `--fail-on`; each must be a cause kvprefix names. */
export function allowOption(value: unknown, failOn: FailOn | undefined): string[] {
  const causes = value === undefined ? [] : (Array.isArray(value) ? value : [value]).map(String);
  if (causes.length > 0 && failOn === undefined) throw new UsageError('usage/allow-without-fail-on', '--allow accepts a cause for --fail-on: give --fail-on lost-head or any-break too');
  for (const cause of causes) {
    if (!ALLOWABLE.includes(cause)) throw new UsageError('usage/unknown-cause', `--allow '${cause}': use one of ${ALLOWABLE.join(', ')}`);
  }
  return causes;
}
