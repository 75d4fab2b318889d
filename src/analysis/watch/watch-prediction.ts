import type { RouteKey } from '../../prefix/index.js';
import type { ObservedUsage } from '../usage/observed-usage.js';
import type { CachePolicyName, CachePrediction } from '../policies/cache-policy.js';
import type { RequestDivergence, SegmentSpan } from '../result/session-analysis.js';
import type { ProviderBasis } from '../bodies/detect-provider.js';
import type { WireFormat } from '../bodies/wire-format.js';
import type { RequestProblem } from '../anthropic/anthropic-request-rules.js';

/**
 * Why a request lost reuse it could have had: a divergence cause as `diff` names it (`tools`,
 * `system`, `report-tool`, `route`, `history`…), or `ttl` when the request only extends an earlier
 * one whose cache entry had expired.
 */
export type LossCause = string;

/** Reuse a request could have had and lost, and what the loss costs. */
export interface WatchLoss {
  readonly cause: LossCause;
  /** One sentence: what changed, or how long the idle gap was. */
  readonly detail: string;
  /** The segment where the request broke (its kind and name); null for a TTL gap. */
  readonly at: { readonly kind: string; readonly name: string } | null;
  /** Tokens prefilled again that the cache would otherwise have served. */
  readonly tokens: number;
  /** What prefilling them again cost over reading them, in the route's price currency. */
  readonly cost: number;
  readonly currency: string;
}

/** What the watch predicts for one request before it is sent. */
export interface WatchPrediction {
  /** The request's number in this watch (0 first), across routes. */
  readonly id: number;
  /** ISO time the request was seen. */
  readonly time: string;
  readonly format: WireFormat;
  readonly route: RouteKey;
  /** The request's index among the requests this watch saw on its route (0 first). */
  readonly routeIndex: number;
  readonly policy: CachePolicyName;
  readonly tokenizer: string;
  /** Input tokens of the request in the watch's tokenizer. */
  readonly tokens: number;
  readonly predicted: CachePrediction;
  /** Predicted input cost under the route's prices. */
  readonly cost: number;
  /** Where the request first differs from the earlier request it reuses the most of, and why (null when identical or first on its route). */
  readonly divergence: RequestDivergence | null;
  /** Reuse that was possible and lost; null when nothing reusable was lost. */
  readonly loss: WatchLoss | null;
  readonly segments: readonly SegmentSpan[];
  /** How the route's provider was decided (`host` and `assumed` are guesses: see `providerGuess`). */
  readonly providerBasis: ProviderBasis;
  /** The guess in words, with how to name the provider instead (`provider:` in the options); null when identified. */
  readonly providerGuess: string | null;
  /** Rules of the provider's API the request breaks (Anthropic: more than 4 breakpoints, TTL order…), each with its source; the request is sent unchanged. */
  readonly problems: readonly RequestProblem[];
}

/** The prediction for a request set beside the usage its provider reported (null when the response carried none). */
export interface WatchUsage {
  readonly predicted: WatchPrediction;
  readonly observed: ObservedUsage | null;
}
