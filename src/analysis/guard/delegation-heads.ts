import type { LayoutName, MessagePart, PrefixRequest } from '../../prefix/index.js';
import {
  Agent,
  AgentHost,
  AgentSessionLog,
  attachStructuredRuntime,
  compileOutputContract,
  installReportTool,
  SECTION_ORDERS,
  toSourcedChatMessages,
  validateToolFilter,
  type AssembledHead,
  type HostComposition,
  type LanguageModel,
  type StoredMessage,
} from '../../providers/index.js';
import type { ChildDelta } from './call-paths.js';
import { GuardCache } from './guard-cache.js';

/** The delegating parent: the global layer it runs on, its route and workspace, and its completed history. */
export interface ParentSetup {
  readonly host: HostComposition;
  readonly route: { readonly provider: string; readonly model: string };
  readonly cwd?: string | undefined;
  /** The completed-turn history a fork child inherits, model-visible messages in order (empty: unknown). */
  readonly history: readonly StoredMessage[];
  /** Wire layout the requests are rendered in (default `chat`, DeepSeek's). */
  readonly layout?: LayoutName | undefined;
  /** Whether the report package loads: continuable children then get `report` and `tool:report`. */
  readonly reportChannel: boolean;
}

/** The parent's and the child's first requests, head and inherited history, as the engine sees them. */
export interface HeadPair {
  readonly parentHead: AssembledHead;
  readonly childHead: AssembledHead;
  readonly parent: PrefixRequest;
  readonly child: PrefixRequest;
  /** The child's route (differs from the parent's when `agentOptions` picks another provider or model). */
  readonly childRoute: { readonly provider: string; readonly model: string };
  /** Segments of each request before the inherited history (system, SDK and tool segments). */
  readonly headSegments: { readonly parent: number; readonly child: number };
}

/** Heads are assembled, never sent: a guard that reached the model would be a bug. */
const NO_MODEL: LanguageModel = {
  name: 'guard (assembles heads only)',
  stream() {
    throw new Error('the guard assembles request heads and never calls a model');
  },
};

/** The delegating parent as the runtime creates it: a top-level agent of the composition on its route and workspace. */
function parentAgent(setup: ParentSetup): { host: AgentHost; parent: Agent } {
  const host = new AgentHost({ composition: setup.host, model: NO_MODEL, layout: setup.layout ?? 'chat', clock: () => 0, newId: () => 'guard' });
  return { host, parent: host.createAgent({ ...setup.route, ...(setup.cwd === undefined ? {} : { cwd: setup.cwd }) }) };
}

/**
 * The head the guard assembles for the parent, the same agent `assembleDelegationHeads` delegates
 * from; a composition without delegation tools still has one (tests hold it against DSH's pins).
 */
export function assembleParentHead(setup: ParentSetup): AssembledHead {
  return parentAgent(setup).parent.assembleHead();
}

/**
 * Assembles the parent's head and the head a child started with `delta` gets, with the runtime's
 * own agents: the parent is a top-level agent of the composition; the child a delegated agent whose
 * scope receives exactly what the run driver installs (persona shadow, tool restriction, structured
 * output, and — for a continuable child when the report package loads — the report channel). Both
 * are rendered with the inherited history behind the head. A tool filter DSH would reject (an unknown
 * or reserved name) throws the runtime's error.
 */
export function assembleDelegationHeads(setup: ParentSetup, delta: ChildDelta, cache: GuardCache = new GuardCache()): HeadPair {
  const layout = setup.layout ?? 'chat';
  const { host, parent } = parentAgent(setup);
  const childRoute = { provider: delta.agentOptions?.provider ?? setup.route.provider, model: delta.agentOptions?.model ?? setup.route.model };
  const session = new AgentSessionLog({ type: 'session', version: 0, id: 'guard-child', createdAt: 0, ...(setup.cwd === undefined ? {} : { cwd: setup.cwd }), parentSession: parent.id, origin: 'subagent', delegationDepth: 1 }, () => 0);
  const child = new Agent({ host, session, parent, config: childRoute });
  if (delta.persona !== undefined) child.scope.section({ name: 'deployment:persona', order: SECTION_ORDERS['deployment:persona'], text: delta.persona });
  if (delta.toolFilter !== undefined) {
    const transport = setup.host.codeMode?.transport.name;
    validateToolFilter(delta.toolFilter, new Set(setup.host.tools.map((tool) => tool.name)), new Set(transport === undefined ? [] : [transport]));
    child.scope.restrict(delta.toolFilter);
  }
  if (delta.outputSchema !== undefined) attachStructuredRuntime(child.scope, compileOutputContract(delta.outputSchema));
  if (delta.mode === 'continuable' && setup.reportChannel) installReportTool(child);

  const messages = (): MessagePart[] => toSourcedChatMessages(setup.history).map(({ message, source }, index) => ({ name: `history[${source}]#${index}`, role: message.role, wire: message }));
  const parentHead = parent.assembleHead();
  const childHead = child.assembleHead();
  const parentRequest = cache.parentRequest(setup, () => cache.render(setup.route, layout, parentHead, setup.history, messages));
  const childRequest = cache.render(childRoute, layout, childHead, setup.history, messages);
  const headLength = (request: PrefixRequest) => request.segments.length - (parentRequest.segments.length - parentHead.sections.length - parentHead.tools.length);
  return { parentHead, childHead, parent: parentRequest, child: childRequest, childRoute, headSegments: { parent: headLength(parentRequest), child: headLength(childRequest) } };
}
