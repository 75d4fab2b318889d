import * as z from 'zod';
import { contentBlockSchema, messageSourceSchema, toolResultContentBlockSchema, usageSchema } from '../model/content-schema.js';
import { describeIssues } from './zod-issues.js';

/*
 * The event shapes DSH wrote before today's, read as the events today's DSH writes for the same
 * thing (DSH's own replay parser accepts logs of its earlier releases). They are the shapes of the
 * session logs DSH recorded in July 2026 (corpus `dsh-as-recorded`, each scenario's `original/`
 * folder; its `convert.py` lists the same mappings):
 *
 *   assistant/message {turn, step, content, provenance?, usage}   → {turn, step, message: {role, content, source: {kind: "model", provider, model}}, usage}
 *       (provider and model from `provenance`, else from the request header or request context in force)
 *   tool/result {turn, step, callId, content, isError}            → {turn, step, message: {role: "user", source: {kind: "tool", callId}, content: [tool-result block]}}
 *   context/message {content, source}                              → user/message, its content inside the envelope DSH sent it in
 *   steering/message {turn, content, source}                       → user/message, its content as it is
 *   provider id `deepseek` (renamed `deepseek-official` on 2026-07-31) → `deepseek-official`
 *   a request header whose config names no provider, in a log of those shapes → `deepseek-official`
 *       (DSH's only provider then; these logs never name another)
 *
 * `turn/start.trigger` needs nothing: today's schema keeps fields it does not name. A hook's
 * context (`context/message`) was sent wrapped by the session's `renderTagged`: a text block
 * `<context source="<source.kind>">`, the content, a text block `</context>` (deepseek-harness
 * `packages/core/session/src/index.ts` at 7a35afa6fe, f95a411b0a and 47812b45db; the recorded
 * totals of the four hook-context scenarios count exactly that). A stop hook's `steering/message`
 * was sent verbatim from b25b78fd02 on, the only release whose logs carry one.
 */

/** The provider ids DSH renamed, old → today's. */
const PROVIDER_RENAMES: Readonly<Record<string, string>> = { deepseek: 'deepseek-official' };

/** The provider of the earlier logs whose request headers name none. */
const EARLIER_DEFAULT_PROVIDER = 'deepseek-official';

const turnStep = { turn: z.number().int().nonnegative(), step: z.number().int().nonnegative() };

const earlierAssistantData = z.looseObject({
  ...turnStep,
  content: z.array(contentBlockSchema),
  provenance: z.looseObject({ provider: z.string().min(1).optional(), model: z.string().min(1).optional() }).optional(),
  usage: usageSchema.optional(),
});

const earlierToolResultData = z.looseObject({
  ...turnStep,
  callId: z.string().min(1),
  content: z.array(toolResultContentBlockSchema),
  isError: z.boolean().optional(),
});

const earlierUserData = z.looseObject({ content: z.array(contentBlockSchema), source: messageSourceSchema });

type JsonObject = Readonly<Record<string, unknown>>;

/**
 * What `EarlierShapes.upgrade` makes of one event: today's shape (the same object when it already
 * was; `shape` names the earlier shape it was read from), or why an earlier shape is malformed.
 */
export type UpgradedEvent = { readonly value: JsonObject; readonly shape?: string } | { readonly problem: string };

/** The earlier shapes as reports name them. */
export const EARLIER_SHAPE_NAMES = {
  assistant: 'assistant/message {content, provenance?, usage}',
  toolResult: 'tool/result {callId, content, isError}',
  context: 'context/message (sent inside <context source="…">…</context>)',
  steering: 'steering/message (sent as it is)',
  provider: 'provider id deepseek (today deepseek-official)',
  unrouted: 'a request header naming no provider (deepseek-official, the only one then)',
} as const;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function renamed(provider: unknown): unknown {
  return typeof provider === 'string' ? (PROVIDER_RENAMES[provider] ?? provider) : provider;
}

/** `data` without `keys`, the other fields in their order. */
function without(data: JsonObject, keys: readonly string[]): Record<string, unknown> {
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) if (!keys.includes(key)) rest[key] = value;
  return rest;
}

/** The content DSH sent for a `context/message` when it logged one (renderTagged). */
export function contextEnvelope(content: readonly unknown[], source: { readonly kind: string }): unknown[] {
  return [{ type: 'text', text: `<context source=${JSON.stringify(source.kind)}>` }, ...content, { type: 'text', text: '</context>' }];
}

/**
 * Upgrades the events of one log, in order, to today's shapes. It follows the route in force
 * (request headers and contexts), which an earlier assistant message without provenance was sent on.
 */
export class EarlierShapes {
  #provider: unknown = undefined;
  #model: unknown = undefined;
  /** True once the log has shown a shape only earlier releases wrote. */
  #earlier = false;

  upgrade(value: JsonObject): UpgradedEvent {
    const type = value['type'];
    const data = value['data'];
    if (!isObject(data)) return { value };
    switch (type) {
      case 'turn/start':
        if (Object.hasOwn(data, 'trigger')) this.#earlier = true;
        return { value };
      case 'request/header':
        return this.#header(value, data);
      case 'request/context': {
        const provider = renamed(data['provider']);
        this.#provider = provider;
        if (data['model'] !== undefined) this.#model = data['model'];
        return provider === data['provider'] ? { value } : { value: { ...value, data: { ...data, provider } }, shape: EARLIER_SHAPE_NAMES.provider };
      }
      case 'assistant/message':
        return this.#assistant(value, data);
      case 'tool/result':
        return this.#toolResult(value, data);
      case 'context/message':
      case 'steering/message':
        return this.#userMessage(value, data, type);
      default:
        return { value };
    }
  }

  #header(value: JsonObject, data: JsonObject): UpgradedEvent {
    const header = data['header'];
    const config = isObject(header) ? header['config'] : undefined;
    if (!isObject(header) || !isObject(config)) return { value };
    let provider = renamed(config['provider']);
    const unrouted = provider === undefined && this.#earlier;
    if (unrouted) provider = EARLIER_DEFAULT_PROVIDER;
    this.#provider = provider;
    this.#model = config['model'];
    if (provider === config['provider']) return { value };
    return { value: { ...value, data: { ...data, header: { ...header, config: { ...config, provider } } } }, shape: unrouted ? EARLIER_SHAPE_NAMES.unrouted : EARLIER_SHAPE_NAMES.provider };
  }

  #assistant(value: JsonObject, data: JsonObject): UpgradedEvent {
    const message = data['message'];
    if (isObject(message)) {
      const source = message['source'];
      if (!isObject(source) || renamed(source['provider']) === source['provider']) return { value };
      return { value: { ...value, data: { ...data, message: { ...message, source: { ...source, provider: renamed(source['provider']) } } } }, shape: EARLIER_SHAPE_NAMES.provider };
    }
    if (!Object.hasOwn(data, 'content')) return { value };
    this.#earlier = true;
    const parsed = earlierAssistantData.safeParse(data);
    if (!parsed.success) return { problem: `assistant/message (the earlier shape {content, provenance?, usage}): ${describeIssues(parsed.error)}` };
    const provenance = parsed.data.provenance;
    const provider = renamed(provenance?.provider ?? this.#provider ?? EARLIER_DEFAULT_PROVIDER);
    const model = provenance?.model ?? this.#model;
    if (typeof model !== 'string') return { problem: 'assistant/message (the earlier shape {content, provenance?, usage}): no provenance, and no request header or context before it names the model' };
    const upgraded: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(data)) {
      if (key === 'content') upgraded['message'] = { role: 'assistant', content: field, source: { kind: 'model', provider, model } };
      else if (key !== 'provenance') upgraded[key] = field;
    }
    return { value: { ...value, data: upgraded }, shape: EARLIER_SHAPE_NAMES.assistant };
  }

  #toolResult(value: JsonObject, data: JsonObject): UpgradedEvent {
    if (Object.hasOwn(data, 'message') || !Object.hasOwn(data, 'callId')) return { value };
    this.#earlier = true;
    const parsed = earlierToolResultData.safeParse(data);
    if (!parsed.success) return { problem: `tool/result (the earlier shape {callId, content, isError}): ${describeIssues(parsed.error)}` };
    const { callId, content, isError } = parsed.data;
    const block = { type: 'tool-result', toolCallId: callId, content, ...(isError === undefined ? {} : { isError }) };
    const message = { role: 'user', source: { kind: 'tool', callId }, content: [block] };
    return { value: { ...value, data: { turn: data['turn'], step: data['step'], message, ...without(data, ['turn', 'step', 'callId', 'content', 'isError']) } }, shape: EARLIER_SHAPE_NAMES.toolResult };
  }

  #userMessage(value: JsonObject, data: JsonObject, type: 'context/message' | 'steering/message'): UpgradedEvent {
    this.#earlier = true;
    const parsed = earlierUserData.safeParse(data);
    if (!parsed.success) return { problem: `${type}: ${describeIssues(parsed.error)}` };
    const rest = without(data, ['turn', 'content', 'role']);
    const content = type === 'context/message' ? contextEnvelope(parsed.data.content, parsed.data.source) : parsed.data.content;
    return { value: { ...value, type: 'user/message', data: { role: 'user', ...rest, content } }, shape: type === 'context/message' ? EARLIER_SHAPE_NAMES.context : EARLIER_SHAPE_NAMES.steering };
  }
}
