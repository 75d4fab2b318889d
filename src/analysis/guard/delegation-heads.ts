import { renderRequest, type LayoutName, type MessagePart, type PrefixRequest } from '../../prefix/index.js';
import { toSourcedChatMessages, type AssembledHead, type HostComposition, type StoredMessage } from '../../providers/index.js';
import { agentHead, AgentScope, assertHostComposition, checkChildScope, headParts, installChildScope } from '../../providers/runtime/index.js';
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

/** The global layer the parent and its children assemble from, with the setup's report channel. */
function composition(setup: ParentSetup): HostComposition {
  assertHostComposition(setup.host);
  return { ...setup.host, reportChannel: setup.reportChannel && setup.host.reportChannel !== false };
}

/**
 * The head the guard assembles for the parent: a top-level agent of the composition (an empty scope
 * of its own) on its route and workspace. A composition without delegation tools still has one
 * (tests hold it against DSH's pins).
 */
export function assembleParentHead(setup: ParentSetup): AssembledHead {
  return agentHead({ composition: composition(setup), scope: new AgentScope(), config: setup.route, cwd: setup.cwd, isChild: false });
}

/**
 * Assembles the parent's head and the head a child started with `delta` gets, through the run
 * driver's own functions: the child's scope is checked and installed by `checkChildScope` and
 * `installChildScope`, exactly as the driver installs it on the child it creates (persona shadow,
 * tool restriction, structured output, and — for a continuable child when the report package loads —
 * the report channel), and both heads are assembled by `agentHead`, as every agent assembles its own.
 * Both are rendered by `renderRequest` with the inherited history behind the head. A start the
 * runtime rejects (an unknown or reserved filter name, an unsupported output schema) throws the
 * runtime's error.
 */
export function assembleDelegationHeads(setup: ParentSetup, delta: ChildDelta, cache: GuardCache = new GuardCache()): HeadPair {
  const layout = setup.layout ?? 'chat';
  const host = composition(setup);
  const childRoute = { provider: delta.agentOptions?.provider ?? setup.route.provider, model: delta.agentOptions?.model ?? setup.route.model };
  const checked = checkChildScope(host, { mode: delta.mode, persona: delta.persona, toolFilter: delta.toolFilter, outputSchema: delta.outputSchema });
  const childScope = new AgentScope();
  installChildScope(childScope, host, checked);

  const parentHead = agentHead({ composition: host, scope: new AgentScope(), config: setup.route, cwd: setup.cwd, isChild: false });
  const childHead = agentHead({ composition: host, scope: childScope, config: childRoute, cwd: setup.cwd, isChild: true });
  const messages = cache.historyParts(setup.history, () => toMessageParts(setup.history));
  const parentRequest = cache.parentRequest(setup, () => renderRequest(setup.route, layout, { ...headParts(parentHead, cache.toolPart), messages }));
  const childRequest = renderRequest(childRoute, layout, { ...headParts(childHead, cache.toolPart), messages });
  const historyLength = messages.length;
  return {
    parentHead,
    childHead,
    parent: parentRequest,
    child: childRequest,
    childRoute,
    headSegments: { parent: parentRequest.segments.length - historyLength, child: childRequest.segments.length - historyLength },
  };
}

/** The inherited history as request parts, one per wire message. */
function toMessageParts(history: readonly StoredMessage[]): MessagePart[] {
  return toSourcedChatMessages(history).map(({ message, source }, index) => ({ name: `history[${source}]#${index}`, role: message.role, wire: message }));
}
