import type { ObservedUsage } from '../usage/observed-usage.js';
import { lossCauseFrom } from '../causes/loss-cause.js';
import { costOf, type CachePolicy } from '../policies/cache-policy.js';
import type { TelemetryAttributes, TelemetryCounter, TelemetrySpan, WatchTelemetry } from './otel-types.js';
import type { WatchPrediction } from './watch-prediction.js';
import type { WatchOutcome } from './watch-record.js';

/*
 * Attribute names of the OpenTelemetry GenAI semantic conventions
 * (https://opentelemetry.io/docs/specs/semconv/gen-ai/gen-ai-spans/), as
 * @opentelemetry/semantic-conventions 1.45.0 (a devDependency) spells them: ATTR_GEN_AI_* in its
 * incubating entry. `gen_ai.usage.input_tokens` counts every input token, cached ones included;
 * the cache read and creation counts are parts of it. `gen_ai.system` is the older name of
 * `gen_ai.provider.name`: both are set, for backends that read either.
 */
const GEN_AI = {
  operation: 'gen_ai.operation.name',
  provider: 'gen_ai.provider.name',
  system: 'gen_ai.system',
  requestModel: 'gen_ai.request.model',
  inputTokens: 'gen_ai.usage.input_tokens',
  outputTokens: 'gen_ai.usage.output_tokens',
  cacheRead: 'gen_ai.usage.cache_read.input_tokens',
  cacheCreation: 'gen_ai.usage.cache_creation.input_tokens',
} as const;

/** `SpanKind.CLIENT` and `SpanStatusCode.ERROR` of `@opentelemetry/api` (numeric enums, stable since 1.0). */
const SPAN_KIND_CLIENT = 2;
const STATUS_ERROR = 2;

/** The span of a request in flight, and the policy that prices it. */
interface OpenRequest {
  readonly span: TelemetrySpan;
  /** False when the span is the host's: the watch sets attributes on it but never ends it. */
  readonly owned: boolean;
  readonly policy: CachePolicy;
}

/** What the watch calls at the two ends of a watched request. */
export interface WatchTelemetryHooks {
  /** Just before the request is sent. */
  started(prediction: WatchPrediction, policy: CachePolicy): void;
  /** When its response ended (read, without usage, failed or cancelled). */
  ended(prediction: WatchPrediction, observed: ObservedUsage | null, outcome: WatchOutcome): void;
}

/** The cause a request's lost tokens count under, as "where the cache went" and the rows name it. */
function causeOf(prediction: WatchPrediction): string {
  const divergence = prediction.loss?.cause === 'ttl' ? 'ttl' : prediction.divergence?.cause;
  return lossCauseFrom(divergence, prediction.routeIndex === 0, false);
}

/** The attributes known before sending: the route and kvprefix's prediction. */
function requestAttributes(prediction: WatchPrediction, lostCost: number, currency: string): TelemetryAttributes {
  const { predicted } = prediction;
  return {
    [GEN_AI.operation]: 'chat',
    [GEN_AI.provider]: prediction.route.provider,
    [GEN_AI.system]: prediction.route.provider,
    [GEN_AI.requestModel]: prediction.route.model,
    'kvprefix.policy': prediction.policy,
    'kvprefix.tokens': prediction.tokens,
    'kvprefix.predicted.uncached.input_tokens': predicted.uncached,
    'kvprefix.predicted.cache_read.input_tokens': predicted.cacheRead,
    'kvprefix.predicted.cache_write.input_tokens': predicted.cacheWrite,
    'kvprefix.cause': causeOf(prediction),
    ...(prediction.divergence ? { 'kvprefix.divergence.cause': prediction.divergence.cause, 'kvprefix.divergence.detail': prediction.divergence.detail } : {}),
    ...(prediction.loss ? { 'kvprefix.loss.cause': prediction.loss.cause, 'kvprefix.loss.detail': prediction.loss.detail, 'kvprefix.loss.tokens': prediction.loss.tokens } : {}),
    'kvprefix.lost_tokens': predicted.uncached + predicted.cacheWrite,
    'kvprefix.cost.predicted': prediction.cost,
    'kvprefix.cost.lost': lostCost,
    'kvprefix.currency': currency,
  };
}

/** The attributes known once the response ended: the provider's usage, as the conventions count it. */
function usageAttributes(observed: ObservedUsage, policy: CachePolicy, model: string): TelemetryAttributes {
  const output = observed.output ?? 0;
  return {
    [GEN_AI.inputTokens]: observed.uncached + observed.cacheRead + observed.cacheWrite,
    ...(observed.output === undefined ? {} : { [GEN_AI.outputTokens]: observed.output }),
    [GEN_AI.cacheRead]: observed.cacheRead,
    [GEN_AI.cacheCreation]: observed.cacheWrite,
    'kvprefix.cost.observed': costOf(observed, policy.pricesFor(model), output),
  };
}

/**
 * Spans and counters for the watch (`watchFetch(fetch, { otel })`): a CLIENT span per watched
 * request named `chat <model>` as the GenAI conventions name it, started as a child of the active
 * context just before the request is sent, with kvprefix's prediction, and ended with the provider's
 * usage when the response ends (status ERROR when it failed); or those attributes set on the host's
 * own span for the call (`activeSpan`). On the meter: `kvprefix.lost_tokens` and `kvprefix.cost.lost`
 * by cause, provider and model, added as each request is sent.
 */
export function watchTelemetry(telemetry: WatchTelemetry): WatchTelemetryHooks {
  const open = new WeakMap<WatchPrediction, OpenRequest>();
  const lostTokens: TelemetryCounter | undefined = telemetry.meter?.createCounter('kvprefix.lost_tokens', {
    description: 'Input tokens predicted to be prefilled or written again rather than read from the prompt cache',
    unit: '{token}',
  });
  const lostCost: TelemetryCounter | undefined = telemetry.meter?.createCounter('kvprefix.cost.lost', {
    description: 'What the lost input tokens cost at input and cache-write prices, in the currency of kvprefix.currency',
  });
  return {
    started(prediction, policy) {
      const prices = policy.pricesFor(prediction.route.model);
      const lost = prediction.predicted.uncached + prediction.predicted.cacheWrite;
      const cost = costOf({ uncached: prediction.predicted.uncached, cacheRead: 0, cacheWrite: prediction.predicted.cacheWrite }, prices);
      const attributes = requestAttributes(prediction, cost, prices.currency);
      const points = { 'kvprefix.cause': attributes['kvprefix.cause']!, [GEN_AI.provider]: prediction.route.provider, [GEN_AI.requestModel]: prediction.route.model };
      lostTokens?.add(lost, points);
      lostCost?.add(cost, { ...points, 'kvprefix.currency': prices.currency });
      const host = telemetry.activeSpan?.();
      if (host !== undefined) {
        host.setAttributes(attributes);
        open.set(prediction, { span: host, owned: false, policy });
      } else if (telemetry.tracer !== undefined) {
        open.set(prediction, { span: telemetry.tracer.startSpan(`chat ${prediction.route.model}`, { kind: SPAN_KIND_CLIENT, attributes }), owned: true, policy });
      }
    },
    ended(prediction, observed, outcome) {
      const request = open.get(prediction);
      if (request === undefined) return;
      open.delete(prediction);
      request.span.setAttributes({ 'kvprefix.outcome': outcome, ...(observed === null ? {} : usageAttributes(observed, request.policy, prediction.route.model)) });
      if (request.owned && outcome === 'failed') request.span.setStatus({ code: STATUS_ERROR, message: 'the request or its response failed' });
      if (request.owned) request.span.end();
    },
  };
}
