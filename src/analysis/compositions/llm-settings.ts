import { InputError } from '../../prefix/index.js';
import type { DeepSeekRequestSettings } from '../deepseek/request-settings.js';
import { compositionFacts } from './composition-facts.js';
import { childPath } from './composition-problem.js';
import type { CompositionInput } from './read-composition.js';
import { resolveComposition, type CompositionSource, type ResolvedRow } from './resolve-composition.js';
import { evaluateJsValue, type JsEnvironment } from './js-expression.js';

/*
 * The DeepSeek adapter's settings a host composition gives every request: `thinking` and
 * `reasoningEffort` of the `@deepseek-ai/dsh-llm-deepseek` row (corpus dsh
 * `readmes/packages/llm/llm-deepseek/README.md`: `thinking` enabled | disabled, provider default
 * enabled; `reasoningEffort` off | low | high | max, omitted ⇒ high; an unsupported value fails
 * plugin loading). Both change what DeepSeek's server renders (deepseek/request-settings.ts), and
 * DSH's July 2026 logs do not record them.
 */

/** The package of DSH's DeepSeek adapter. */
export const DEEPSEEK_ADAPTER_PACKAGE = '@deepseek-ai/dsh-llm-deepseek';

const EFFORTS = ['off', 'low', 'high', 'max'] as const;
const THINKING = ['enabled', 'disabled'] as const;

/** What a host composition says about DeepSeek requests. */
export interface HostModelSettings {
  readonly settings: DeepSeekRequestSettings;
  /** Where the adapter row's config was written (`file:line`), or null when the composition loads no DeepSeek adapter. */
  readonly from: string | null;
  /** The files applied, in order. */
  readonly files: readonly string[];
}

function setting<T extends string>(row: ResolvedRow, key: string, allowed: readonly T[], environment: JsEnvironment): T | undefined {
  const config = row.config;
  if (typeof config !== 'object' || config === null || Array.isArray(config) || !Object.hasOwn(config, key)) return undefined;
  const where = { source: row.configFrom.file, line: row.configFrom.line };
  const at = childPath(row.configFrom.yamlPath, `config.${key}`);
  const value = evaluateJsValue((config as Record<string, unknown>)[key], environment);
  if (value.state === 'unresolved') throw new InputError('input/unresolved-setting', `${at}: ${key} is !!js ${value.source}, which kvprefix does not evaluate: give the value the deployment runs with`, where);
  if (value.value === undefined || value.value === null) return undefined;
  if (typeof value.value !== 'string' || !(allowed as readonly string[]).includes(value.value)) {
    throw new InputError('input/unknown-setting', `${at}: ${key} ${JSON.stringify(value.value)} is not one of ${allowed.join(', ')} (DSH's DeepSeek adapter refuses to load with it)`, where);
  }
  return value.value as T;
}

/**
 * Reads the DeepSeek adapter settings of a host composition (and the bundle patches applied before
 * it, in order), resolved as Cordis loads them on `platform`. A composition that cannot be resolved,
 * or a setting that is not a value the adapter accepts, is an `InputError` naming file and line.
 */
export async function readHostModelSettings(sources: readonly CompositionSource[], options: { readonly input?: CompositionInput; readonly platform?: string } = {}): Promise<HostModelSettings> {
  const resolved = await resolveComposition(sources, options.input);
  const errors = resolved.problems.filter((problem) => problem.severity === 'error');
  if (errors.length > 0) {
    const first = errors[0]!;
    throw new InputError('input/composition', `${first.yamlPath === '' ? '' : `${first.yamlPath}: `}${first.message}${errors.length > 1 ? ` (and ${errors.length - 1} more problems)` : ''}`, { source: first.file, line: first.line });
  }
  const environment: JsEnvironment = { platform: options.platform ?? 'linux', env: {} };
  const row = compositionFacts(resolved, environment).enabled.find((candidate) => candidate.name === DEEPSEEK_ADAPTER_PACKAGE);
  if (!row) return { settings: {}, from: null, files: resolved.files };
  const reasoningEffort = setting(row, 'reasoningEffort', EFFORTS, environment);
  const thinking = setting(row, 'thinking', THINKING, environment);
  return {
    settings: { ...(reasoningEffort === undefined ? {} : { reasoningEffort }), ...(thinking === undefined ? {} : { thinking }) },
    from: `${row.configFrom.file}:${row.configFrom.line}`,
    files: resolved.files,
  };
}
