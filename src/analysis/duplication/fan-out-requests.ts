import { renderRequest, type LayoutName, type MessagePart, type PrefixRequest, type RequestParts, type RouteKey } from '../../prefix/index.js';

/** A parent request and the first requests of the children it delegates to, in the order they start. */
export interface FanOut {
  readonly parent: PrefixRequest;
  readonly children: readonly PrefixRequest[];
}

/** A request head: the system sections and tool schemas before any message. */
export type FanOutHead = Pick<RequestParts, 'system' | 'tools'>;

/** What a fan-out is built from: one parent, its history, and one task per child. */
export interface FanOutPlan {
  readonly route: RouteKey;
  readonly layout: LayoutName;
  /** The parent's head. */
  readonly head: FanOutHead;
  /** The parent's completed turns: what a fork child inherits (DSH's fork seed, as messages). */
  readonly history: readonly MessagePart[];
  /** The parent's in-flight messages after the history (the turn that delegates); never inherited. */
  readonly inFlight?: readonly MessagePart[];
  /** One task per child, sent as the child's first own user message. */
  readonly tasks: readonly string[];
  /** The children's head when it is not the parent's: a continuable child's `report` tool, a persona, a tool filter. */
  readonly childHead?: FanOutHead;
}

function taskMessage(task: string, index: number): MessagePart {
  return { name: `task[${index}]`, role: 'user', wire: { role: 'user', content: task }, kind: 'task' };
}

function parentRequest(plan: FanOutPlan): PrefixRequest {
  return renderRequest(plan.route, plan.layout, { ...plan.head, messages: [...plan.history, ...(plan.inFlight ?? [])] });
}

/** Fork children: each starts from the parent's completed turns (the seed), then adds its task. */
export function forkFanOut(plan: FanOutPlan): FanOut {
  const head = plan.childHead ?? plan.head;
  const children = plan.tasks.map((task, index) => renderRequest(plan.route, plan.layout, { ...head, messages: [...plan.history, taskMessage(task, index)] }));
  return { parent: parentRequest(plan), children };
}

/** Spawn children: each starts with an empty conversation and only its task. */
export function spawnFanOut(plan: FanOutPlan): FanOut {
  const head = plan.childHead ?? plan.head;
  const children = plan.tasks.map((task, index) => renderRequest(plan.route, plan.layout, { ...head, messages: [taskMessage(task, index)] }));
  return { parent: parentRequest(plan), children };
}
