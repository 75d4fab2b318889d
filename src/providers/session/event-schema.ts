import * as z from 'zod';
import { assistantMessageSchema, toolResultMessageSchema, usageSchema, userMessageSchema } from '../model/content-schema.js';

/*
 * The DSH session-event vocabulary kvprefix reads (corpus/dsh/docs/persistence-catalog.md). Every
 * event is `{type, seq, time, data}`; fixture logs drop `seq`/`time` (corpus README, "DSH fixture
 * conventions"), so both are optional here and the reader assigns the logical seq. Event types not
 * listed here are kept as unknown events, never dropped (see `session-event.ts`).
 */

const sequenceNumber = z.number().int().nonnegative();
const turnNumber = z.number().int().nonnegative();

/** The fields every stored event envelope may carry besides `type` and `data`. */
const envelope = {
  seq: sequenceNumber.optional(),
  time: z.number().optional(),
  /** DSH's marker for an event a reader may skip when it does not know the type. */
  ignorable: z.literal(true).optional(),
};

/**
 * How a surface event entered the model-visible surface: appended, or replacing the surface nodes
 * whose event seqs run from `start` through `end` (both inclusive, both on the current surface).
 */
export const surfaceOpSchema = z.union([
  z.literal('append'),
  z.object({ op: z.literal('replace'), start: sequenceNumber, end: sequenceNumber }),
]);

/** The envelope fields only surface events (`user/message`, `assistant/message`, `tool/result`) carry. */
const surfaceEnvelope = {
  ...envelope,
  surfaceOp: surfaceOpSchema.optional(),
  /** Seqs of earlier events this one cites (the chunks behind a message, the call behind a result, the nodes a replacement shadows). */
  sourceEventSeqs: z.array(sequenceNumber).optional(),
};

const turnStep = { turn: turnNumber, step: turnNumber };

/** Opens turn `turn`. */
export const turnStartEventSchema = z.object({ type: z.literal('turn/start'), ...envelope, data: z.object({ turn: turnNumber }) });

/** Closes turn `turn`; `reason.kind` is `completed`, `aborted`, `error`, `max-tokens`, `interrupted`, … */
export const turnEndEventSchema = z.object({
  type: z.literal('turn/end'),
  ...envelope,
  data: z.object({ turn: turnNumber, reason: z.object({ kind: z.string().min(1) }).loose() }),
});

/** Opens step `step` of turn `turn` (one model request each). */
export const stepStartEventSchema = z.object({ type: z.literal('step/start'), ...envelope, data: z.object(turnStep) });

/** Closes step `step` of turn `turn`. */
export const stepEndEventSchema = z.object({ type: z.literal('step/end'), ...envelope, data: z.object(turnStep) });

/** A user-role message on the surface; `data` is the message itself. */
export const userMessageEventSchema = z.object({ type: z.literal('user/message'), ...surfaceEnvelope, data: userMessageSchema });

/** The assembled assistant message of one step, with the step's usage when the adapter reported it. */
export const assistantMessageEventSchema = z.object({
  type: z.literal('assistant/message'),
  ...surfaceEnvelope,
  data: z.object({
    ...turnStep,
    message: assistantMessageSchema,
    usage: usageSchema.optional(),
    /** A turn cancelled mid-stream finalises its delivered prefix with this marker. */
    interrupted: z.literal(true).optional(),
  }),
});

/** A tool call the loop started (log-only: the call itself reaches the model inside the assistant message). */
export const toolCallEventSchema = z.object({
  type: z.literal('tool/call'),
  ...envelope,
  data: z.object({ ...turnStep, callId: z.string().min(1), name: z.string().min(1), arguments: z.string() }),
});

/** The result of one tool call, as the user-role message the model sees. */
export const toolResultEventSchema = z.object({
  type: z.literal('tool/result'),
  ...surfaceEnvelope,
  data: z.object({
    ...turnStep,
    message: toolResultMessageSchema,
    error: z.object({ name: z.string(), code: z.string() }).optional(),
    meta: z.unknown().optional(),
  }),
});

/** One tool schema as DSH's request header records it. */
export const toolSchemaSchema = z.object({
  name: z.string().min(1),
  description: z.string(),
  parameters: z.record(z.string(), z.unknown()),
});

/**
 * The call config of a request. DSH requires `provider` and `model`; the test-support fixtures in
 * the corpus record `model` alone, so `provider` is checked where a route is needed, not here.
 */
export const requestConfigSchema = z.object({ provider: z.string().min(1).optional(), model: z.string().min(1) }).loose();

/**
 * The non-history envelope of the next request. `system` and `tools` are the full values, or the
 * fixture placeholders `{{system}}` / `{{tools}}` whose values live in the scenario's pins; some
 * fixtures record `tools` as tool names only.
 */
export const requestHeaderSchema = z
  .object({
    config: requestConfigSchema,
    system: z.string().optional(),
    tools: z.union([z.string(), z.array(z.union([z.string(), toolSchemaSchema]))]).optional(),
  })
  .loose();

/** Why a header was logged: the loop's first request, a resumed loop instance, or a changed envelope. */
export const requestHeaderReasonSchema = z.enum(['initial', 'resume', 'change']);

/** A full snapshot of the request envelope, logged inside its step before dispatch; the latest one wins. */
export const requestHeaderEventSchema = z.object({
  type: z.literal('request/header'),
  ...envelope,
  data: z.object({ header: requestHeaderSchema, reason: requestHeaderReasonSchema }),
});

/** The route the next request is sent on. */
export const requestContextEventSchema = z.object({
  type: z.literal('request/context'),
  ...envelope,
  data: z.object({ provider: z.string().min(1), model: z.string().min(1), contextWindow: z.number().optional() }).loose(),
});

/** Marks the end of a constructor seed: everything before it came from the seed. Its payload is empty. */
export const endSeedEventSchema = z.object({ type: z.literal('session/end-seed'), ...envelope, data: z.object({}).loose() });

/** One raw stream chunk (`block-start`, `text-delta`, `tool-call-delta`, `usage`, `finish`, …). */
export const assistantChunkEventSchema = z.object({
  type: z.literal('assistant/chunk'),
  ...envelope,
  data: z.object({ ...turnStep, chunk: z.object({ type: z.string().min(1) }).loose() }),
});

/** How a child session was started, written by the delegation driver at the start of the child's log. */
export const subagentDescriptorEventSchema = z.object({
  type: z.literal('subagent/descriptor'),
  ...envelope,
  data: z
    .object({
      version: z.number().int(),
      mode: z.string().min(1),
      provider: z.string().min(1),
      label: z.string().optional(),
      agentProvider: z.string().optional(),
      agentModel: z.string().optional(),
    })
    .loose(),
});

/** Envelope of a packed chunk row: the row's first logical seq and time, when not stripped by a fixture. */
const packedEnvelope = { seq0: sequenceNumber.optional(), time0: z.number().optional() };

function membersMatchGaps(data: { dt: number[] }, members: string[]): boolean {
  return data.dt.length === members.length - 1;
}
const gapsMessage = { message: 'dt must have one entry fewer than the packed members', path: ['dt'] };

/** A run of `text-delta` chunks packed into one row: one logical event per entry of `texts`. */
export const textChunksRowSchema = z.object({
  type: z.literal('text-chunks'),
  ...packedEnvelope,
  data: z
    .object({ ...turnStep, index: z.number().int().nonnegative(), dt: z.array(z.number().int()), texts: z.array(z.string()).min(1) })
    .refine((data) => membersMatchGaps(data, data.texts), gapsMessage),
});

/** A run of `reasoning-delta` chunks packed into one row: one logical event per entry of `texts`. */
export const reasoningChunksRowSchema = z.object({
  type: z.literal('reasoning-chunks'),
  ...packedEnvelope,
  data: z
    .object({ ...turnStep, index: z.number().int().nonnegative(), dt: z.array(z.number().int()), texts: z.array(z.string()).min(1) })
    .refine((data) => membersMatchGaps(data, data.texts), gapsMessage),
});

/** A run of `tool-call-delta` chunks of one call packed into one row: one logical event per entry of `args`. */
export const toolCallChunksRowSchema = z.object({
  type: z.literal('tool-call-chunks'),
  ...packedEnvelope,
  data: z
    .object({
      ...turnStep,
      index: z.number().int().nonnegative(),
      dt: z.array(z.number().int()),
      id: z.string().min(1),
      name: z.string().optional(),
      args: z.array(z.string()).min(1),
    })
    .refine((data) => membersMatchGaps(data, data.args), gapsMessage),
});

/** Every event schema kvprefix knows, by event type. */
export const KNOWN_EVENT_SCHEMAS = {
  'turn/start': turnStartEventSchema,
  'turn/end': turnEndEventSchema,
  'step/start': stepStartEventSchema,
  'step/end': stepEndEventSchema,
  'user/message': userMessageEventSchema,
  'assistant/message': assistantMessageEventSchema,
  'tool/call': toolCallEventSchema,
  'tool/result': toolResultEventSchema,
  'request/header': requestHeaderEventSchema,
  'request/context': requestContextEventSchema,
  'session/end-seed': endSeedEventSchema,
  'assistant/chunk': assistantChunkEventSchema,
  'subagent/descriptor': subagentDescriptorEventSchema,
  'text-chunks': textChunksRowSchema,
  'reasoning-chunks': reasoningChunksRowSchema,
  'tool-call-chunks': toolCallChunksRowSchema,
} as const;

export type TurnStartEvent = z.infer<typeof turnStartEventSchema>;
export type TurnEndEvent = z.infer<typeof turnEndEventSchema>;
export type StepStartEvent = z.infer<typeof stepStartEventSchema>;
export type StepEndEvent = z.infer<typeof stepEndEventSchema>;
export type UserMessageEvent = z.infer<typeof userMessageEventSchema>;
export type AssistantMessageEvent = z.infer<typeof assistantMessageEventSchema>;
export type ToolCallEvent = z.infer<typeof toolCallEventSchema>;
export type ToolResultEvent = z.infer<typeof toolResultEventSchema>;
/** One tool schema as a logged request header or a tool-schemas pin records it (`{name, description, parameters}`). */
export type ToolSchema = z.infer<typeof toolSchemaSchema>;
export type RequestConfig = z.infer<typeof requestConfigSchema>;
export type RequestHeader = z.infer<typeof requestHeaderSchema>;
export type RequestHeaderReason = z.infer<typeof requestHeaderReasonSchema>;
export type RequestHeaderEvent = z.infer<typeof requestHeaderEventSchema>;
export type RequestContextEvent = z.infer<typeof requestContextEventSchema>;
export type EndSeedEvent = z.infer<typeof endSeedEventSchema>;
export type AssistantChunkEvent = z.infer<typeof assistantChunkEventSchema>;
export type SubagentDescriptorEvent = z.infer<typeof subagentDescriptorEventSchema>;
export type TextChunksRow = z.infer<typeof textChunksRowSchema>;
export type ReasoningChunksRow = z.infer<typeof reasoningChunksRowSchema>;
export type ToolCallChunksRow = z.infer<typeof toolCallChunksRowSchema>;
export type SurfaceOp = z.infer<typeof surfaceOpSchema>;
