import type { LayoutName, PrefixTokenCounter } from '../../prefix/index.js';
import type { HostComposition, StoredMessage, UnfinishedLine } from '../../providers/index.js';
import { BUNDLING_APPS } from '../compositions/app-bundle.js';
import type { CompositionProblem } from '../compositions/composition-problem.js';
import { compositionFacts, type CompositionFacts } from '../compositions/composition-facts.js';
import { assembleHostComposition } from '../compositions/host-composition.js';
import type { JsEnvironment } from '../compositions/js-expression.js';
import { loadReferenceHead, type ReferenceHead } from '../compositions/reference-head.js';
import type { CompositionInput } from '../compositions/read-composition.js';
import { resolveComposition, type CompositionSource } from '../compositions/resolve-composition.js';
import { delegationCallPaths, PLACEHOLDER_OUTPUT_SCHEMA } from './call-paths.js';
import { analyseDelegations, type DelegationUnderGuard } from './delegation-analysis.js';
import { GuardCache } from './guard-cache.js';
import { runGuardChecks, type GuardReport } from './guard-report.js';
import type { RecordedHeader, UnresolvedDelegation } from './guard-subject.js';
import { readSessionParent } from './session-parent.js';

/** Options of `guardComposition`. */
export interface GuardCompositionOptions {
  /** Host compositions and bundle patches the guarded file joins, applied first in this order. */
  readonly hosts?: readonly (CompositionSource | string)[];
  /** A parent session log: its logged head replaces the assembled one, and its history is counted. */
  readonly session?: CompositionSource | string;
  /** Platform `!!js` switches are evaluated for (default `linux`). */
  readonly platform?: string;
  /** Environment `!!js` switches read (default: empty, the shipped defaults). */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Workspace the `{{cwd}}` of assembled sections resolves to (default `/workspace`). */
  readonly cwd?: string;
  /** Section texts and tool schemas of DSH's packages (default: the bundled recorded head). */
  readonly referenceHead?: ReferenceHead;
  readonly layout?: LayoutName;
  /** Token counter to reuse across runs (memoised segment counts). */
  readonly counter?: PrefixTokenCounter;
  /** How the compositions and the session log are read: the size limit, and what a path `-` reads. */
  readonly input?: CompositionInput;
}

const DEFAULT_MODEL_PACKAGE = '@deepseek-ai/dsh-agent-default-model';

function asSource(source: CompositionSource | string): CompositionSource {
  return typeof source === 'string' ? { path: source } : source;
}

/**
 * The parent's route: the default-model package's, else the entry-point app's own `provider` and
 * `model` (the ACP example sets them there, and its persona's `{{model}}` renders that model), else
 * the first agent the app pre-creates (the headless example's `agents: [{ id: main, … }]`).
 */
function defaultRoute(facts: CompositionFacts): { provider: string; model: string } {
  const row = facts.enabled.find((candidate) => candidate.name === DEFAULT_MODEL_PACKAGE) ?? facts.enabled.find((candidate) => BUNDLING_APPS.has(candidate.name));
  const config = (row?.config ?? {}) as Record<string, unknown>;
  const agents = config['agents'];
  const firstAgent = (Array.isArray(agents) && typeof agents[0] === 'object' && agents[0] !== null ? agents[0] : {}) as Record<string, unknown>;
  const pick = (key: string) => (typeof config[key] === 'string' ? config[key] : typeof firstAgent[key] === 'string' ? firstAgent[key] : 'default');
  return { provider: pick('provider'), model: pick('model') };
}

/** The delegation entry points of a composition: tool rows, and programmatic callers of inheriting providers. */
function entryPoints(facts: CompositionFacts, mounted: ReadonlySet<string>): { guarded: DelegationUnderGuard[]; unresolved: UnresolvedDelegation[] } {
  const guarded: DelegationUnderGuard[] = [];
  const unresolved: UnresolvedDelegation[] = [];
  for (const tool of facts.delegationTools) {
    const location = { file: tool.location.file, yamlPath: tool.location.yamlPath, line: tool.location.line };
    if (!tool.provider) {
      unresolved.push({ tool: tool.config.toolName, provider: tool.config.provider, location });
      continue;
    }
    if (!mounted.has(tool.config.toolName)) continue;
    guarded.push({ tool: tool.config.toolName, provider: tool.provider.name, inheritsParentContext: tool.provider.inheritsParentContext, location, paths: delegationCallPaths(tool.config) });
  }
  for (const caller of facts.programmaticCallers) {
    const location = { file: caller.location.file, yamlPath: caller.location.yamlPath, line: caller.location.line };
    if (!caller.provider) {
      unresolved.push({ tool: caller.package, provider: caller.providerName, location });
      continue;
    }
    if (!caller.provider.inheritsParentContext) continue;
    guarded.push({
      tool: caller.package,
      provider: caller.provider.name,
      inheritsParentContext: true,
      location,
      paths: [{ label: 'programmatic start with an output schema', isDefault: false, delta: { mode: 'one-shot', outputSchema: PLACEHOLDER_OUTPUT_SCHEMA } }],
    });
  }
  return { guarded, unresolved };
}

/**
 * Guards a DSH composition: resolves it with its hosts as Cordis loads them, assembles the parent head
 * (from the composition, or from the session's logged head), assembles each delegation's child head
 * per call path with the runtime, compares them with the prefix engine, and runs every guard check.
 * Invalid or unresolvable compositions are findings (fail closed); unreadable files throw `InputError`.
 */
export async function guardComposition(file: CompositionSource | string, options: GuardCompositionOptions = {}): Promise<GuardReport> {
  const target = asSource(file);
  const sources = [...(options.hosts ?? []).map(asSource), target];
  const resolved = await resolveComposition(sources, options.input);
  const environment: JsEnvironment = { platform: options.platform ?? 'linux', env: options.env ?? {} };
  const facts = compositionFacts(resolved, environment);
  const reference = options.referenceHead ?? (await loadReferenceHead());
  const assembled = assembleHostComposition(facts, reference, environment);
  const problems: CompositionProblem[] = [...resolved.problems, ...facts.problems];

  let host: HostComposition = assembled.host;
  let route = defaultRoute(facts);
  let cwd: string | undefined = options.cwd ?? '/workspace';
  let history: readonly StoredMessage[] = [];
  let recordedHeaders: readonly RecordedHeader[] = [];
  let sessionSource: string | null = null;
  let unfinishedLine: UnfinishedLine | undefined;
  if (options.session === undefined) {
    problems.push(...assembled.problems);
  } else {
    const session = asSource(options.session);
    sessionSource = session.label ?? session.path;
    const parent = await readSessionParent(session.path, sessionSource, options.input);
    recordedHeaders = parent.headers;
    unfinishedLine = parent.unfinishedLine;
    history = parent.history;
    route = parent.route;
    cwd = parent.cwd ?? cwd;
    // Mount-time rejections still hold; a Code Mode head is no longer a problem once it is the logged one.
    problems.push(...assembled.problems.filter((problem) => problem.code !== 'guard/code-mode-head'));
    if (parent.host.state === 'rebuilt') host = parent.host.composition;
    else problems.push({ file: sessionSource, yamlPath: '', line: 1, code: parent.host.code, severity: 'error', message: parent.host.message });
  }

  const { guarded, unresolved } = entryPoints(facts, new Set(assembled.delegationTools.keys()));
  const setup = { host, route, cwd, history, reportChannel: facts.reportChannel !== undefined, ...(options.layout === undefined ? {} : { layout: options.layout }) };
  const cache = new GuardCache(options.counter);
  const delegations = analyseDelegations(setup, guarded, cache);
  const report = runGuardChecks(
    { source: target.label ?? target.path, setup, headSource: sessionSource === null ? 'composition' : 'session', delegations, unresolvedDelegations: unresolved, problems, recordedHeaders, sessionSource },
    assembled.uncounted,
  );
  return unfinishedLine === undefined ? report : { ...report, sessionUnfinishedLine: unfinishedLine };
}
