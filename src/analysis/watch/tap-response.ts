import type { ReadableStreamReadResult } from 'node:stream/web';
import type { ObservedUsage } from '../usage/observed-usage.js';
import type { ResponseFacts } from './diagnostics-response.js';
import { jsonUsageReader, sseUsageReader, type UsageReader } from './stream-usage.js';

/**
 * How reading a response's usage ended: the body read to its end, or cancelled by the caller (a
 * client stops at `[DONE]` or `message_stop`, past the usage), each with the usage seen (null when
 * none) and the response's id and diagnosis fields where read, or the error that stopped it.
 */
export type TapOutcome = { readonly state: 'read' | 'cancelled'; readonly usage: ObservedUsage | null; readonly facts?: ResponseFacts } | { readonly state: 'failed'; readonly error: unknown };

function readerFor(response: Response): UsageReader | undefined {
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('text/event-stream')) return sseUsageReader();
  if (type.includes('json')) return jsonUsageReader();
  return undefined;
}

/**
 * A response that hands the caller the same bytes, in the same chunks, when the caller asks for
 * them (a stream with no read-ahead: each chunk is pulled from the provider's body only when the
 * caller reads), and passes each chunk to a usage reader after it is queued for the caller. The
 * caller cancelling cancels the provider's body. `done` is called once, at the end of the body, on
 * its error, or on the caller's cancel. Status, headers and URL are the original's.
 */
export function tapResponse(response: Response, done: (outcome: TapOutcome) => void): Response {
  const reader = readerFor(response);
  const body = response.body;
  if (!reader || body === null) {
    done({ state: 'read', usage: null });
    return response;
  }
  // The body is locked only at the caller's first read, so a failure before that leaves `response` whole.
  let source: ReadableStreamDefaultReader<Uint8Array> | undefined;
  let finished = false;
  const finish = (outcome: () => TapOutcome) => {
    if (finished) return;
    finished = true;
    done(outcome());
  };
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let next: ReadableStreamReadResult<Uint8Array>;
        try {
          const reading = (source ??= body.getReader());
          next = await reading.read();
        } catch (error) {
          controller.error(error);
          finish(() => ({ state: 'failed', error }));
          return;
        }
        if (next.done) {
          controller.close();
          finish(() => ({ state: 'read', usage: reader.finish(), facts: reader.facts() }));
          return;
        }
        controller.enqueue(next.value);
        try {
          reader.push(next.value);
        } catch (error) {
          finish(() => ({ state: 'failed', error }));
        }
      },
      cancel(reason) {
        finish(() => ({ state: 'cancelled', usage: reader.finish(), facts: reader.facts() }));
        return source ? source.cancel(reason) : body.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
  const tapped = new Response(stream, { status: response.status, statusText: response.statusText, headers: response.headers });
  // A constructed Response has an empty `url`; clients read it for errors and logs.
  Object.defineProperty(tapped, 'url', { value: response.url });
  if (response.redirected) Object.defineProperty(tapped, 'redirected', { value: true });
  return tapped;
}
