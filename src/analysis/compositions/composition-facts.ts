import { isJsonObject } from '../../prefix/json-object.js';
import { type DelegationToolConfig, type SubagentProvider } from '../../providers/index.js';
import { delegationToolConfigSchema } from '../../providers/runtime/index.js';
import { childPath, type CompositionProblem, type YamlLocation } from './composition-problem.js';
import { evaluateJsValue, JsExpression, type JsEnvironment } from './js-expression.js';
import { DELEGATION_TOOL_PACKAGE, PROGRAMMATIC_CALLERS, PROVIDER_PACKAGES, REPORT_PACKAGE } from './provider-packages.js';
import type { ResolvedComposition, ResolvedRow } from './resolve-composition.js';

/** A mounted subagent provider. */
export interface ProviderFacts {
  readonly name: string;
  readonly package: string;
  /** Read from the runtime model for in-process providers; false for remote ones. */
  readonly inheritsParentContext: boolean;
  /** The runtime provider, when kvprefix models it (in-process providers). */
  readonly runtime: SubagentProvider | undefined;
  readonly origin: YamlLocation;
}

/** A delegation tool row and what it is mounted on. */
export interface DelegationToolFacts {
  readonly config: DelegationToolConfig;
  /** Where its config was written (the row, or the patch that last replaced it). */
  readonly location: YamlLocation;
  readonly rowId: string | undefined;
  /** Undefined when no loaded package provides `config.provider`. */
  readonly provider: ProviderFacts | undefined;
}

/** A package that starts children programmatically through a named provider. */
export interface ProgrammaticCallerFacts {
  readonly package: string;
  readonly providerName: string;
  readonly provider: ProviderFacts | undefined;
  readonly location: YamlLocation;
}

/** What the guard needs to know about a resolved composition. */
export interface CompositionFacts {
  readonly resolved: ResolvedComposition;
  /** Rows that load on the evaluated platform, group switches applied. */
  readonly enabled: readonly ResolvedRow[];
  readonly packages: ReadonlySet<string>;
  readonly providers: ReadonlyMap<string, ProviderFacts>;
  readonly delegationTools: readonly DelegationToolFacts[];
  readonly programmaticCallers: readonly ProgrammaticCallerFacts[];
  /** The report package row, when it loads: continuable children then get `report` and `tool:report`. */
  readonly reportChannel: ResolvedRow | undefined;
  /** Problems found while reading facts (unresolvable switches, invalid delegation configs). */
  readonly problems: readonly CompositionProblem[];
}

function asRecord(value: unknown): Record<string, unknown> {
  return isJsonObject(value) ? value : {};
}

/** True when a value holds a `!!js` expression anywhere. */
function containsJs(value: unknown): JsExpression | undefined {
  if (value instanceof JsExpression) return value;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = containsJs(item);
      if (found) return found;
    }
  } else if (typeof value === 'object' && value !== null) {
    for (const item of Object.values(value)) {
      const found = containsJs(item);
      if (found) return found;
    }
  }
  return undefined;
}

type LoadState = { loads: boolean } | { unresolved: string } | { cycle: string };

/**
 * Whether a row (and its group) loads. A switch kvprefix cannot evaluate is `unresolved`. A group
 * chain that comes back to a group already passed (a row that reuses its group's id replaced the
 * group row) is a `cycle`: without the check the walk would never end.
 */
function loadState(row: ResolvedRow, byGroup: ReadonlyMap<string, ResolvedRow>, environment: JsEnvironment): LoadState {
  const passed = new Set<ResolvedRow>();
  for (let current: ResolvedRow | undefined = row; current; current = current.group === undefined ? undefined : byGroup.get(current.group)) {
    if (passed.has(current)) return { cycle: current.group ?? '' };
    passed.add(current);
    const disabled = evaluateJsValue(current.disabled, environment);
    if (disabled.state === 'unresolved') return { unresolved: disabled.source };
    if (disabled.value === true) return { loads: false };
  }
  return { loads: true };
}

/**
 * Reads the guard's facts from a resolved composition for one platform and environment: which rows
 * load, which subagent providers they mount (and whether each inherits parent context), the
 * delegation tools with validated configs, and whether the report package loads. A row whose load
 * switch cannot be evaluated fails closed when it matters to delegation (a problem with its YAML
 * path); elsewhere it is left out.
 */
export function compositionFacts(resolved: ResolvedComposition, environment: JsEnvironment): CompositionFacts {
  const problems: CompositionProblem[] = [];
  const byGroup = new Map(resolved.rows.filter((row) => row.id !== undefined).map((row) => [row.id!, row]));
  const matters = (name: string) => name === DELEGATION_TOOL_PACKAGE || name === REPORT_PACKAGE || Object.hasOwn(PROVIDER_PACKAGES, name) || Object.hasOwn(PROGRAMMATIC_CALLERS, name);
  const enabled: ResolvedRow[] = [];
  for (const row of resolved.rows) {
    const state = loadState(row, byGroup, environment);
    if ('cycle' in state) {
      problems.push({ ...row.origin, code: 'composition/group-cycle', severity: 'error', message: `row '${row.id ?? row.name}' is in group '${state.cycle}', whose id a row inside it reuses, so the group contains itself: give the group and its rows distinct ids` });
      continue;
    }
    if ('unresolved' in state) {
      if (matters(row.name)) {
        problems.push({ ...row.origin, yamlPath: childPath(row.origin.yamlPath, 'disabled'), code: 'guard/unresolved-switch', severity: 'error', message: `cannot tell whether '${row.name}' loads: its disabled switch is !!js ${state.unresolved}` });
      }
      continue;
    }
    if (state.loads) enabled.push(row);
  }

  const providers = new Map<string, ProviderFacts>();
  for (const row of enabled) {
    const providerPackage = Object.hasOwn(PROVIDER_PACKAGES, row.name) ? PROVIDER_PACKAGES[row.name] : undefined;
    if (!providerPackage) continue;
    const configured = asRecord(row.config)[providerPackage.nameKey];
    const name = typeof configured === 'string' && configured !== '' ? configured : providerPackage.defaultName;
    const runtime = providerPackage.runtime?.(name);
    providers.set(name, { name, package: row.name, inheritsParentContext: runtime?.inheritsParentContext ?? false, runtime, origin: row.origin });
  }

  const delegationTools: DelegationToolFacts[] = [];
  for (const row of enabled.filter((candidate) => candidate.name === DELEGATION_TOOL_PACKAGE)) {
    const location = row.configFrom;
    const configPath = childPath(location.yamlPath, 'config');
    const js = containsJs(row.config);
    if (js) {
      problems.push({ ...location, yamlPath: configPath, code: 'guard/unresolved-config', severity: 'error', message: `delegation tool config holds !!js ${js.source}, which kvprefix does not evaluate` });
      continue;
    }
    const parsed = delegationToolConfigSchema.safeParse(row.config ?? {});
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const at = issue.path.reduce<string>((yamlPath, key) => childPath(yamlPath, typeof key === 'number' ? key : String(key)), configPath);
        problems.push({ ...location, yamlPath: at, code: 'composition/delegation-config', severity: 'error', message: issue.message });
      }
      continue;
    }
    delegationTools.push({ config: parsed.data, location: { ...location, yamlPath: configPath }, rowId: row.id, provider: providers.get(parsed.data.provider) });
  }

  const programmaticCallers: ProgrammaticCallerFacts[] = [];
  for (const row of enabled) {
    const key = Object.hasOwn(PROGRAMMATIC_CALLERS, row.name) ? PROGRAMMATIC_CALLERS[row.name] : undefined;
    if (key === undefined) continue;
    const providerName = asRecord(row.config)[key];
    if (typeof providerName !== 'string') continue;
    programmaticCallers.push({ package: row.name, providerName, provider: providers.get(providerName), location: { ...row.configFrom, yamlPath: childPath(childPath(row.configFrom.yamlPath, 'config'), key) } });
  }

  return {
    resolved,
    enabled,
    packages: new Set(enabled.map((row) => row.name)),
    providers,
    delegationTools,
    programmaticCallers,
    reportChannel: enabled.find((row) => row.name === REPORT_PACKAGE),
    problems,
  };
}
