import Anthropic from '@anthropic-ai/sdk';
import { AggregationTemporality, InMemoryMetricExporter, MeterProvider, PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { afterEach, expect, it, vi } from 'vitest';
import { watchFetch, type WatchPrediction, type WatchTelemetry } from '../src/analysis/watch/index.js';
import { anthropicMessageEvents, cassetteInteractions, startReplayServer, type ReplayServer } from './support/cassette-server.js';
import { describeWithCorpus } from './support/corpus.js';

// watchFetch(fetch, { otel }) under the official Anthropic SDK, with the real OpenTelemetry SDKs'
// in-memory exporters: a span per watched request carrying the GenAI semantic-convention usage
// (equal to the responses') and kvprefix's prediction, and counters of lost tokens by cause.

const ANTHROPIC = 'test_anthropic/test_anthropic_cache_real_api.yaml';

const servers: ReplayServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

interface RecordedUsage {
  input_tokens: number;
  output_tokens: number;
  cache_read_input_tokens: number;
  cache_creation_input_tokens: number;
}

/** The two recorded Anthropic requests sent through the SDK with a watch under `otel`: the first answered as JSON, the second streamed. */
async function sendBoth(otel: WatchTelemetry, beforeEach?: (at: number) => void) {
  const interactions = cassetteInteractions(ANTHROPIC);
  const server = await startReplayServer((_body, index) =>
    index === 1 ? { contentType: 'text/event-stream', chunks: anthropicMessageEvents(interactions[1]!.response) } : { contentType: 'application/json', chunks: [JSON.stringify(interactions[index]!.response)] },
  );
  servers.push(server);
  const predictions: WatchPrediction[] = [];
  const errors: Error[] = [];
  const client = new Anthropic({ apiKey: 'test-key', baseURL: server.url, fetch: watchFetch(fetch, { provider: 'anthropic', otel, onRequest: (prediction) => predictions.push(prediction), onError: (error) => errors.push(error) }), maxRetries: 0 });
  beforeEach?.(0);
  await client.messages.create(interactions[0]!.request as never);
  beforeEach?.(1);
  await (await client.messages.create({ ...(interactions[1]!.request as object), stream: true } as never).asResponse()).arrayBuffer();
  return { usages: interactions.map((interaction) => interaction.response['usage'] as RecordedUsage), model: (interactions[0]!.request as { model: string }).model, predictions, errors };
}

function tracing() {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  return { exporter, tracer: provider.getTracer('kvprefix-test') };
}

describeWithCorpus('pydantic-ai-cache-cassettes', 'watchFetch with OpenTelemetry, under the official Anthropic SDK', () => {
  it('two requests give two finished CLIENT spans with the GenAI usage equal to the responses\' and kvprefix\'s prediction and cause', async () => {
    const { exporter, tracer } = tracing();
    const { usages, model, predictions, errors } = await sendBoth({ tracer });
    await vi.waitFor(() => expect(exporter.getFinishedSpans()).toHaveLength(2));
    expect(errors).toEqual([]);
    const spans: ReadableSpan[] = exporter.getFinishedSpans();
    spans.forEach((span, at) => {
      const usage = usages[at]!;
      const prediction = predictions[at]!;
      expect(span.name).toBe(`chat ${model}`);
      expect(span.kind).toBe(2); // SpanKind.CLIENT
      expect(span.attributes).toMatchObject({
        'gen_ai.operation.name': 'chat',
        'gen_ai.provider.name': 'anthropic',
        'gen_ai.system': 'anthropic',
        'gen_ai.request.model': model,
        'gen_ai.usage.input_tokens': usage.input_tokens + usage.cache_read_input_tokens + usage.cache_creation_input_tokens,
        'gen_ai.usage.output_tokens': usage.output_tokens,
        'gen_ai.usage.cache_read.input_tokens': usage.cache_read_input_tokens,
        'gen_ai.usage.cache_creation.input_tokens': usage.cache_creation_input_tokens,
        'kvprefix.predicted.cache_read.input_tokens': prediction.predicted.cacheRead,
        'kvprefix.predicted.cache_write.input_tokens': prediction.predicted.cacheWrite,
        'kvprefix.lost_tokens': prediction.predicted.uncached + prediction.predicted.cacheWrite,
        'kvprefix.cost.predicted': prediction.cost,
        'kvprefix.outcome': 'read',
      });
    });
    expect(spans.map((span) => span.attributes['gen_ai.usage.cache_read.input_tokens'])).toEqual([1111, 1111]);
    // The first request of the route writes what it sends; the second extends it and adds new content.
    expect(spans.map((span) => span.attributes['kvprefix.cause'])).toEqual(['cold-first', 'new-content']);
    expect(spans[1]!.attributes['kvprefix.divergence.cause']).toBe('extension');
  });

  it('with the host\'s own span for each call, the attributes go on that span and the watch starts none', async () => {
    const { exporter, tracer } = tracing();
    const hostSpans = [tracer.startSpan('host call 1'), tracer.startSpan('host call 2')];
    let current = hostSpans[0];
    const { usages } = await sendBoth({ tracer, activeSpan: () => current }, (at) => void (current = hostSpans[at]));
    // The host ends its own spans; the watch never does.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(exporter.getFinishedSpans()).toHaveLength(0);
    hostSpans.forEach((span) => span.end());
    const spans = exporter.getFinishedSpans();
    expect(spans.map((span) => span.name)).toEqual(['host call 1', 'host call 2']);
    expect(spans.map((span) => span.attributes['gen_ai.usage.cache_read.input_tokens'])).toEqual(usages.map((usage) => usage.cache_read_input_tokens));
    expect(spans.every((span) => typeof span.attributes['kvprefix.predicted.cache_read.input_tokens'] === 'number' && typeof span.attributes['kvprefix.cause'] === 'string')).toBe(true);
  });

  it('the meter counts lost tokens and their cost by cause: the sums are the predictions\' uncached and written tokens', async () => {
    const exporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
    const reader = new PeriodicExportingMetricReader({ exporter, exportIntervalMillis: 3_600_000 });
    const meter = new MeterProvider({ readers: [reader] }).getMeter('kvprefix-test');
    const { predictions } = await sendBoth({ meter });
    await reader.forceFlush();
    const metrics = exporter.getMetrics().flatMap((resource) => resource.scopeMetrics.flatMap((scope) => scope.metrics));
    const points = (name: string) => metrics.filter((metric) => metric.descriptor.name === name).flatMap((metric) => metric.dataPoints.map((point) => ({ cause: point.attributes['kvprefix.cause'], value: point.value as number })));
    const lost = points('kvprefix.lost_tokens');
    expect(lost.map((point) => point.cause).sort()).toEqual(['cold-first', 'new-content']);
    expect(lost.reduce((sum, point) => sum + point.value, 0)).toBe(predictions.reduce((sum, prediction) => sum + prediction.predicted.uncached + prediction.predicted.cacheWrite, 0));
    const cost = points('kvprefix.cost.lost');
    expect(cost).toHaveLength(2);
    expect(cost.every((point) => point.value > 0)).toBe(true);
    await reader.shutdown();
  });
});
