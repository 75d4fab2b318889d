/**
 * The parts of the OpenTelemetry API the watch calls, as structural types: a `Tracer`, `Span`,
 * `Meter` and `Counter` of `@opentelemetry/api` (1.x) fit them, and kvprefix imports nothing of
 * OpenTelemetry, so a host without it pays nothing and one with it passes its own objects.
 */

/** An attribute value: what OpenTelemetry accepts on spans and metric points. */
export type TelemetryValue = string | number | boolean;

/** Attributes by name. */
export type TelemetryAttributes = Record<string, TelemetryValue>;

/** A span as the watch uses it (`Span` of `@opentelemetry/api`). */
export interface TelemetrySpan {
  setAttributes(attributes: TelemetryAttributes): unknown;
  /** `code` 2 is ERROR in `SpanStatusCode`. */
  setStatus(status: { code: number; message?: string }): unknown;
  end(): void;
}

/** A tracer (`Tracer` of `@opentelemetry/api`): the span starts as a child of the active context. */
export interface TelemetryTracer {
  startSpan(name: string, options?: { kind?: number; attributes?: TelemetryAttributes }): TelemetrySpan;
}

/** A monotonic counter (`Counter` of `@opentelemetry/api`). */
export interface TelemetryCounter {
  add(value: number, attributes?: TelemetryAttributes): void;
}

/** A meter (`Meter` of `@opentelemetry/api`). */
export interface TelemetryMeter {
  createCounter(name: string, options?: { description?: string; unit?: string }): TelemetryCounter;
}

/** `watchFetch(fetch, { otel })`: where the watch's spans and counters go. */
export interface WatchTelemetry {
  /** One span per watched request (kind CLIENT), from just before it is sent until its response ends. */
  readonly tracer?: TelemetryTracer;
  /** Counters of lost tokens and their cost, by cause, provider and model. */
  readonly meter?: TelemetryMeter;
  /**
   * The span the host's own instrumentation made for this model call, if any (e.g.
   * `() => trace.getActiveSpan()` under an instrumentation that opens one span per call): the watch
   * sets its attributes on it and starts none of its own. Give it only when the active span is the
   * call's: attributes set on a span around several calls would be overwritten by the last.
   */
  readonly activeSpan?: () => TelemetrySpan | undefined;
}
