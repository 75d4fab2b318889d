import { randomUUID } from 'node:crypto';
import { getTokenizer, PrefixTokenCounter, type PrefixRequest } from '../../prefix/index.js';
import type { ObservedUsage } from '../usage/observed-usage.js';
import { choosePolicy } from '../shipped-policies/policy-choice.js';
import type { CachePolicy, PolicyInput } from '../policies/cache-policy.js';
import { policyByName } from '../shipped-policies/policy-registry.js';
import { readRequestBody, type WireRequest } from '../bodies/read-request-body.js';
import type { JsonObject } from '../wire/body-fields.js';
import { BodyHistory } from './body-history.js';
import { WatchDiagnosis, type Outgoing } from './diagnostics-watch.js';
import { lossLine, problemLines } from './loss-line.js';
import { watchTelemetry } from './otel-watch.js';
import { predictRequest, type PredictContext } from './predict-request.js';
import { RecordFile } from './record-file.js';
import { RouteMemory } from './route-memory.js';
import { SegmentReuse } from './segment-reuse.js';
import { tapResponse, type TapOutcome } from './tap-response.js';
import { WatchError, type WatchOptions, type WatchStage } from './watch-options.js';
import type { WatchPrediction } from './watch-prediction.js';
import { recordLine, type WatchOutcome } from './watch-record.js';
import { isWatchedJson, UrlPaths, watchedBody, type WatchedBody } from './watched-body.js';

/** A request the watch predicted: the prediction, the policy it was made under, the body as parsed, and how to remember it once accepted. */
interface Watched {
  readonly prediction: WatchPrediction;
  readonly policy: CachePolicy;
  readonly json: JsonObject;
  readonly policyInput: PolicyInput;
  readonly commit: () => void;
}

/** A `fetch` that watches the requests it sends; `flush()` resolves when the record file has every line so far. */
export type WatchedFetch = typeof fetch & { flush(): Promise<void> };

const DEFAULT_ROUTES = 32;
const DEFAULT_REQUESTS_PER_ROUTE = 64;
/** Bodies kept to read the next body of each conversation from (one per conversation a host runs at once; each holds its body's text). */
const BODIES_KEPT = 8;
/** Different failure messages remembered to report each once; past it, older ones may be reported again. */
const REPORTED_LIMIT = 256;

function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
}

function policyChooser(option: WatchOptions['policy']): (request: PrefixRequest) => CachePolicy {
  if (typeof option === 'function') return option;
  if (typeof option === 'object') return () => option;
  if (typeof option === 'string') {
    const policy = policyByName(option);
    return () => policy;
  }
  const byProvider = new Map<string, CachePolicy>();
  return (request) => {
    const provider = request.route.provider;
    let policy = byProvider.get(provider);
    if (!policy) byProvider.set(provider, (policy = choosePolicy('auto', provider, policyByName).policy));
    return policy;
  };
}

/**
 * Wraps `fetch` for an official SDK (`new OpenAI({ fetch: watchFetch(fetch) })`,
 * `new Anthropic({ fetch: watchFetch(fetch) })`, any OpenAI-compatible client). Each POST of an
 * OpenAI chat completions or Responses body, an Anthropic messages body or a DeepSeek chat body is
 * read into segments before it is sent, compared with this watch's earlier requests on its route,
 * and predicted under the route's cache policy (`onRequest`). Its response, JSON or streamed, is
 * passed on byte for byte while its usage is read as it passes (`onUsage`). Any other request goes
 * to `fetch` untouched. A failure of the watch never changes the call: the request is sent as it
 * was, and the failure goes to `onError`.
 */
export function watchFetch(fetchImpl: typeof fetch = globalThis.fetch, options: WatchOptions = {}): WatchedFetch {
  const counter = new PrefixTokenCounter(options.tokenizer ?? getTokenizer());
  const context: PredictContext = {
    memory: new RouteMemory({ routes: options.maxRoutes ?? DEFAULT_ROUTES, requestsPerRoute: options.maxRequestsPerRoute ?? DEFAULT_REQUESTS_PER_ROUTE }, counter),
    counter,
    policyFor: policyChooser(options.policy),
    last: undefined,
    spans: new WeakMap(),
  };
  const clock = options.clock ?? Date.now;
  const reported = new Set<string>();
  let printedFailure = false;
  const report = (stage: WatchStage, cause: unknown) => {
    const error = new WatchError(stage, cause);
    if (reported.has(error.message)) return;
    if (reported.size >= REPORTED_LIMIT) reported.clear();
    reported.add(error.message);
    try {
      if (options.onError) options.onError(error);
      else if (options.warn && !printedFailure) {
        printedFailure = true;
        process.stderr.write(`${error.message}\n`);
      }
    } catch {
      // The host's error handler threw: there is nowhere left to report it, and the call must go on.
    }
  };
  const callback = <T>(call: ((value: T) => void) | undefined, value: T) => {
    if (!call) return;
    try {
      call(value);
    } catch (error) {
      report('callback', error);
    }
  };
  const warn = options.warn === true ? (line: string) => void process.stderr.write(`${line}\n`) : options.warn || undefined;
  const file = options.record === undefined ? undefined : new RecordFile(options.record, (error) => report('record', error));
  const bodies = new BodyHistory(BODIES_KEPT);
  // JSON of the wire objects (messages, tools) of the bodies read, made once per parsed object.
  const jsonOf = new WeakMap<object, string>();
  // What readers derived from the parsed objects of the bodies read (a message in canonical form), made once per object.
  const derivedOf = new WeakMap<object, unknown>();
  const paths = new UrlPaths();
  const telemetry = options.otel === undefined ? undefined : watchTelemetry(options.otel);
  const diagnosis = new WatchDiagnosis(options.diagnostics === true);
  let nextId = 0;
  // Each record line names its watch: two runs appended to one file (or test workers sharing one) stay apart.
  const run = options.runId ?? randomUUID();
  const guessed = new Set<string>();

  const predict = (body: WatchedBody): Watched | undefined => {
    const read = bodies.read(body.text, body.url);
    if (!read || !isWatchedJson(read.known.body.json)) return undefined;
    const json = read.known.body.json;
    const reuse = new SegmentReuse(read.earlier, jsonOf, derivedOf);
    const wire: WireRequest = readRequestBody(json, { source: body.url, endpoint: body.url, reuse: reuse.reuse, ...(options.provider ? { provider: options.provider } : {}) });
    // The path decides what the body may be: a chat body posted to /messages is not a watched request.
    if (!body.formats.includes(wire.format)) return undefined;
    read.known.rendered = reuse.rendered(wire.request);
    const { prediction, policyInput, commit } = predictRequest(wire, context, nextId++, clock() / 1000);
    return { prediction, policy: context.policyFor(wire.request), json, policyInput, commit };
  };

  const finish = (watched: Watched, body: WatchedBody, observed: ObservedUsage | null, outcome: WatchOutcome, status: number | null) => {
    callback(options.onUsage, { predicted: watched.prediction, observed });
    if (telemetry) callback(() => telemetry.ended(watched.prediction, observed, outcome), undefined);
    if (!file) return;
    try {
      const line = recordLine(watched.prediction, { run, url: body.url, observed, outcome, status, prices: watched.policy.pricesFor(watched.prediction.route.model), policyInput: watched.policyInput, ...(options.storeBodies ? { body: watched.json } : {}) });
      file.append(JSON.stringify(line));
    } catch (error) {
      report('record', error);
    }
  };

  const watched = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    let body: WatchedBody | undefined;
    let seen: Watched | undefined;
    try {
      body = await watchedBody(input, init, paths);
      seen = body && predict(body);
    } catch (error) {
      report('request', error);
      seen = undefined;
    }
    if (!seen || !body) return fetchImpl(input, init);
    const request = { body, seen };
    callback(options.onRequest, seen.prediction);
    if (telemetry) callback(() => telemetry.started(request.seen.prediction, request.seen.policy), undefined);
    if (warn) {
      const guess = seen.prediction.providerGuess;
      if (guess !== null && !guessed.has(guess)) {
        guessed.add(guess);
        callback(warn, `kvprefix watch: ${guess}`);
      }
      for (const line of problemLines(seen.prediction.problems)) callback(warn, line);
      if (seen.prediction.loss) callback(warn, lossLine(seen.prediction.loss));
    }
    let outgoing: Outgoing;
    try {
      outgoing = diagnosis.outgoing(seen.prediction, seen.json, body.text, input, init);
    } catch (error) {
      report('request', error);
      outgoing = { sent: [input, init], asked: false };
    }
    let response: Response;
    try {
      response = await fetchImpl(...outgoing.sent);
    } catch (error) {
      // No answer (a network failure, or the caller aborting before one came): nothing was written.
      finish(request.seen, request.body, null, isAbort(error) ? 'cancelled' : 'failed', null);
      throw error;
    }
    // Only a request the provider accepted writes a cache entry: a 4xx/5xx (a refused body, an
    // overload the SDK retries) leaves the cache as it was.
    const accepted = response.ok;
    if (accepted) request.seen.commit();
    try {
      return tapResponse(response, (outcome: TapOutcome) => {
        if (outcome.state === 'failed') report('response', outcome.error);
        const usage = diagnosis.incoming(request.seen.prediction, response, outcome, outgoing.asked);
        const ended: WatchOutcome = !accepted ? 'rejected' : outcome.state === 'failed' ? 'failed' : usage ? 'read' : outcome.state === 'read' ? 'no-usage' : 'cancelled';
        finish(request.seen, request.body, usage, ended, response.status);
      });
    } catch (error) {
      report('response', error);
      return response;
    }
  };
  return Object.assign(watched as typeof fetch, { flush: () => file?.flush() ?? Promise.resolve() });
}
