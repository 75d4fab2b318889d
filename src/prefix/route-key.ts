/**
 * The route a request travels: every provider keys its prompt cache by model (and vLLM mixes a salt
 * and LoRA id into the first block hash), so two requests on different routes share nothing, whatever
 * their bytes.
 */
export interface RouteKey {
  readonly provider: string;
  readonly model: string;
  /** Any cache salt or adapter id that partitions the cache (vLLM `cache_salt`, LoRA id). */
  readonly salt?: string;
}

/** A canonical string for a route, used to seed the prefix-hash chain. */
export function routeKeyString(route: RouteKey): string {
  return JSON.stringify([route.provider, route.model, route.salt ?? null]);
}

/** True when two routes reach the same cache partition. */
export function sameRoute(a: RouteKey, b: RouteKey): boolean {
  return a.provider === b.provider && a.model === b.model && (a.salt ?? null) === (b.salt ?? null);
}
