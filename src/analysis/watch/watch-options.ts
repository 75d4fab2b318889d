import { KvprefixError, type PrefixRequest, type Tokenizer } from '../../prefix/index.js';
import type { CachePolicy, CachePolicyName } from '../policies/cache-policy.js';
import type { WatchTelemetry } from './otel-types.js';
import type { WatchPrediction, WatchUsage } from './watch-prediction.js';

/** Where a watch failed: reading the request, reading the response's usage, writing the record, or in a callback of the host. */
export type WatchStage = 'request' | 'response' | 'record' | 'callback';

/** A failure of the watch itself. The host's call is never affected: it is only reported, through `onError`. */
export class WatchError extends KvprefixError {
  readonly stage: WatchStage;

  constructor(stage: WatchStage, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`watch/${stage}`, `kvprefix watch could not ${STAGE_WORDS[stage]}: ${reason}`, { cause });
    this.stage = stage;
  }
}

const STAGE_WORDS: Readonly<Record<WatchStage, string>> = {
  request: 'read a request (it was sent unchanged)',
  response: "read a response's usage (the response was passed on unchanged)",
  record: 'append to its record file',
  callback: 'finish a callback of the host (it threw)',
};

/** Options of `watchFetch`. */
export interface WatchOptions {
  /** Called before each watched request is sent, with what the cache is predicted to do. */
  readonly onRequest?: (prediction: WatchPrediction) => void;
  /** Called when a watched response ends, with the prediction and the usage the provider reported. */
  readonly onUsage?: (usage: WatchUsage) => void;
  /** Called once for each different failure of the watch (the host's call goes on as if unwatched). */
  readonly onError?: (error: WatchError) => void;
  /** Print one line per lost reuse: `true` to stderr, or a function that takes the line. */
  readonly warn?: boolean | ((line: string) => void);
  /** Append one JSON line per request to this file (`kvprefix analyze FILE` reads it). */
  readonly record?: string;
  /** Keep each request body in its record line (off by default: bodies hold the user's data). */
  readonly storeBodies?: boolean;
  /**
   * The provider every watched request reaches, instead of detecting it from the body's shape, its
   * model and the URL. Name it behind a proxy, a gateway or a local `baseURL` whose bodies name no
   * provider: the watch reports such a guess (`providerGuess`, `warn`, the record).
   */
  readonly provider?: string;
  /** The run id every record line carries (default: a random UUID per watch), so `analyze` keeps runs appended to one file apart. */
  readonly runId?: string;
  /** The cache policy: a shipped one by name, a policy, or one per request. Default: the provider's own (`auto`). */
  readonly policy?: CachePolicyName | CachePolicy | ((request: PrefixRequest) => CachePolicy);
  /** Tokenizer of the counts (default o200k_base). */
  readonly tokenizer?: Tokenizer;
  /** Routes remembered, least recently used forgotten first (default 32). */
  readonly maxRoutes?: number;
  /** Earlier requests remembered per route (default 64; past it the older half is forgotten). */
  readonly maxRequestsPerRoute?: number;
  /**
   * Ask each provider why a request missed the cache (off by default): Anthropic Messages requests
   * get `diagnostics.previous_message_id` (unless they set `diagnostics`), GPT-5.6+ Responses
   * requests `prompt_cache_options.comparison_response_id` (unless they name one), set to the id of
   * the response to the earlier request kvprefix compares the request with, so the provider judges
   * the same pair (a model change included); with no earlier successful response, Anthropic gets
   * `null` (its opt-in) and OpenAI nothing. The fields sit outside system, tools and messages: they
   * change no cached byte, and the prediction is made on the body as the host wrote it. The
   * provider's reason arrives as `observed.cacheMissReason` (read from any response that carries
   * one, asked for here or by the host).
   */
  readonly diagnostics?: boolean;
  /** Milliseconds since the epoch (default `Date.now`): the times TTLs are measured with. */
  readonly clock?: () => number;
  /** OpenTelemetry: a span per watched request and counters of lost tokens (`WatchTelemetry`; the host's own tracer and meter). */
  readonly otel?: WatchTelemetry;
}
