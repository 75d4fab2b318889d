import { watchFetch } from '../src/analysis/watch/index.js';
import { getTokenizer } from '../src/prefix/index.js';
import { growingConversation } from './support/growing-conversation.js';
import { median, toBenchResult, type ResultDetails, type Scenario } from './support/scenario.js';

/*
 * `watchFetch` inside a host: a ~200k-token chat conversation of real text
 * (`support/growing-conversation.ts`: Claude Code prompt sections, OpenHands and GitHub MCP tools,
 * agent trajectories), sent as REQUESTS chat completions bodies where each appends one message to the one
 * before. The transport is in-process and answers at once (a JSON body with usage, or a short SSE
 * stream), so what is timed is the watch's own work on the call's path, not a network. It does with
 * the request body what fetch (undici) does before writing it to a socket: encodes the string to
 * UTF-8. Each call gets a body made afresh by `JSON.stringify`, as the SDKs make it (untimed): V8
 * builds that string in pieces, and whoever reads it first joins them (`flattenMs` in the details,
 * about as long as parsing it). Unwatched, fetch's encoding pays that; watched, the watch reads the
 * text first and pays it, and the encoding then finds it joined. Reusing one string for every call
 * would hide that cost on both sides; not encoding it would charge it to the watch alone.
 *
 * - `…/per-request`: one call (fetch, then the body read) through the watch against the same fetch
 *   unwatched, each request timed on both sides in alternating order, over ROUNDS fresh watches.
 *   Median over every request after the first of each round (the first tokenizes the whole
 *   conversation once). Goal: at most 2 ms added (the watched median ≤ the unwatched median + 2 ms).
 *   The details add the medians of the process's CPU time per call on both sides (`addedCpuMs`):
 *   on a shared machine wall time stretches with the load, CPU time much less.
 * - `…/first-byte`: a streamed response, from the moment fetch resolves to the caller's first
 *   chunk: through the watch's tap against the transport's own stream. Goal: at most 1 ms added.
 */

const REQUESTS = 24;
const ROUNDS = 5;
const URL_CHAT = 'https://api.openai.com/v1/chat/completions';
const USAGE = { prompt_tokens: 200_000, completion_tokens: 1, prompt_tokens_details: { cached_tokens: 199_936 } };
const JSON_ANSWER = JSON.stringify({ id: 'chatcmpl-bench', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: 'OK' }, finish_reason: 'stop' }], usage: USAGE });
const SSE_ANSWER = [
  `data: ${JSON.stringify({ id: 'chatcmpl-bench', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { role: 'assistant', content: 'OK' }, finish_reason: null }], usage: null })}\n\n`,
  `data: ${JSON.stringify({ id: 'chatcmpl-bench', object: 'chat.completion.chunk', choices: [], usage: USAGE })}\n\n`,
  'data: [DONE]\n\n',
];

const encoder = new TextEncoder();

/** An in-process transport: encodes the request body as fetch does, then answers with JSON, or an SSE stream whose chunks are all there when it resolves. */
const transport = (streamed: boolean): typeof fetch =>
  (async (_input: unknown, init?: RequestInit) => {
    if (typeof init?.body === 'string') encoder.encode(init.body);
    if (!streamed) return new Response(JSON_ANSWER, { headers: { 'content-type': 'application/json' } });
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of SSE_ANSWER) controller.enqueue(encoder.encode(chunk));
        controller.close();
      },
    });
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  }) as typeof fetch;

const post = (body: string): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body });

/**
 * One call with a body the SDK's way (stringified afresh, untimed): fetch and the whole answer read.
 * Wall milliseconds, and CPU milliseconds of the process (all its threads: a busy machine stretches
 * wall time far more than CPU time, so the CPU figure says what the watch costs when the machine is
 * not shared).
 */
async function timeCall(call: typeof fetch, body: object): Promise<{ wall: number; cpu: number }> {
  const init = post(JSON.stringify(body));
  const cpu = process.cpuUsage();
  const start = performance.now();
  await (await call(URL_CHAT, init)).text();
  const wall = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return { wall, cpu: (used.user + used.system) / 1000 };
}

/** Milliseconds from fetch resolving to the first chunk the caller reads (the rest is drained after). */
async function timeFirstByte(call: typeof fetch, body: object): Promise<number> {
  const response = await call(URL_CHAT, post(JSON.stringify(body)));
  const start = performance.now();
  const reader = response.body!.getReader();
  await reader.read();
  const elapsed = performance.now() - start;
  while (!(await reader.read()).done);
  return elapsed;
}

/** Median milliseconds of the first read of a body as `JSON.stringify` makes it (V8 joins the pieces it was built from), over the conversation's bodies. */
function flattenMs(bodies: readonly object[]): number {
  const times = bodies.map((body) => {
    const text = JSON.stringify(body);
    const start = performance.now();
    text.charCodeAt(text.length >> 1);
    return performance.now() - start;
  });
  return median(times);
}

export const watchFetchScenario: Scenario = {
  name: 'watch-fetch',
  description: 'watchFetch on a 200k-token conversation, one message appended per request: added time per request and to a stream\'s first byte',
  async run(context) {
    const { bodies, approximateTokens } = growingConversation(getTokenizer('o200k_base'), 'chat', REQUESTS);
    const lastBodyBytes = JSON.stringify(bodies.at(-1)).length;
    context.log(`watch-fetch: ${bodies.length} requests, ~${approximateTokens} tokens, ${Math.round(lastBodyBytes / 1024)} KiB body`);
    const samples = { watched: [] as number[], plain: [] as number[], watchedCpu: [] as number[], plainCpu: [] as number[], watchedFirst: [] as number[], plainFirst: [] as number[] };
    let predicted = 0;
    let observed = 0;
    const failures: string[] = [];
    const onError = (error: Error) => void failures.push(error.message);
    for (let round = 0; round < ROUNDS; round++) {
      const watched = watchFetch(transport(round % 2 === 1), { onError, onRequest: () => predicted++, onUsage: (usage) => void (usage.observed && observed++) });
      const plain = transport(round % 2 === 1);
      for (const [index, body] of bodies.entries()) {
        const order = (index + round) % 2 === 0;
        const first = await (order ? timeCall(watched, body) : timeCall(plain, body));
        const second = await (order ? timeCall(plain, body) : timeCall(watched, body));
        if (index === 0) continue;
        const [ours, theirs] = order ? [first, second] : [second, first];
        samples.watched.push(ours.wall);
        samples.plain.push(theirs.wall);
        samples.watchedCpu.push(ours.cpu);
        samples.plainCpu.push(theirs.cpu);
      }
    }
    // Streams: the watch already knows the conversation, as a host's long-running watch would.
    const streamWatch = watchFetch(transport(true), { onError });
    for (const body of bodies) await timeCall(streamWatch, body);
    const plainStream = transport(true);
    for (const [index, body] of [...bodies, ...bodies].entries()) {
      const order = index % 2 === 0;
      const first = await (order ? timeFirstByte(streamWatch, body) : timeFirstByte(plainStream, body));
      const second = await (order ? timeFirstByte(plainStream, body) : timeFirstByte(streamWatch, body));
      samples.watchedFirst.push(order ? first : second);
      samples.plainFirst.push(order ? second : first);
    }
    if (failures.length > 0) throw new Error(`watch-fetch: the watch failed on the conversation: ${failures[0]}`);
    if (predicted !== ROUNDS * bodies.length || observed !== ROUNDS * bodies.length) throw new Error(`watch-fetch: ${predicted} predictions and ${observed} observed usages for ${ROUNDS * bodies.length} requests`);
    const timing = (ours: number[], baseline: number[]) => ({ ours: { medianMs: median(ours), samples: ours.length }, baseline: { medianMs: median(baseline), samples: baseline.length } });
    const cpu = { watchedCpuMs: median(samples.watchedCpu), plainCpuMs: median(samples.plainCpu), addedCpuMs: median(samples.watchedCpu) - median(samples.plainCpu) };
    const details = { requests: bodies.length, rounds: ROUNDS, approximateTokens, lastBodyBytes };
    // A goal stated as added time: the watched median may exceed the unwatched one by at most `addedMs`.
    const result = (name: string, subject: string, baselineName: string, measured: ReturnType<typeof timing>, addedMs: number, more: ResultDetails = {}) =>
      toBenchResult(
        { name: `watch-fetch/${name}`, scenario: 'watch-fetch', subject, baselineName, goal: null, maxMs: measured.baseline.medianMs + addedMs, details: { ...details, addedMs: measured.ours.medianMs - measured.baseline.medianMs, ...more } },
        measured.ours,
        measured.baseline,
      );
    return [
      result('per-request', 'fetch through watchFetch (read, match, predict, tap), body read; median after the first request', 'the same in-process fetch unwatched', timing(samples.watched, samples.plain), 2, { flattenMs: flattenMs(bodies), ...cpu }),
      result('first-byte', "a streamed response's first chunk through the watch's tap, from fetch resolving", "the transport's own stream", timing(samples.watchedFirst, samples.plainFirst), 1),
    ];
  },
};
