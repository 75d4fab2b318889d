import type { RouteKey } from '../../prefix/index.js';
import { routeLabel } from '../causes/wording.js';

/** Response ids remembered; past it the oldest is forgotten (a request compares with a recent one). */
const DEFAULT_KEPT = 256;

/**
 * The id of each watched request's successful response, by the request's route and index on it
 * (as a prediction's divergence names the earlier request it compares with: `against`), so a later
 * request can ask the provider to compare it with the same earlier request kvprefix compares it with.
 */
export class ResponseIds {
  readonly #ids = new Map<string, { readonly provider: string; readonly id: string }>();
  readonly #kept: number;

  constructor(kept = DEFAULT_KEPT) {
    this.#kept = kept;
  }

  /** Remembers the response id of the request at `index` on `route`. */
  set(route: RouteKey, index: number, id: string): void {
    const key = keyOf(routeLabel(route), index);
    this.#ids.delete(key);
    this.#ids.set(key, { provider: route.provider, id });
    while (this.#ids.size > this.#kept) this.#ids.delete(this.#ids.keys().next().value!);
  }

  /**
   * The response id of the request a divergence names (`against.session` is its route's label), if
   * it succeeded on `provider`: a provider can only compare with its own responses (a request that
   * moved from Anthropic to OpenAI is compared with nothing).
   */
  of(against: { readonly session: string; readonly index: number } | null | undefined, provider: string): string | undefined {
    const found = against ? this.#ids.get(keyOf(against.session, against.index)) : undefined;
    return found?.provider === provider ? found.id : undefined;
  }
}

const keyOf = (label: string, index: number) => `${label}\u0000${index}`;
