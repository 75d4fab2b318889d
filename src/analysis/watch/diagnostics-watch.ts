import type { ObservedUsage } from '../usage/observed-usage.js';
import type { JsonObject } from '../wire/body-fields.js';
import { asksAnthropicDiagnosis, cacheMissReasonOf, withCacheMissReason } from '../usage/cache-miss-reason.js';
import { ResponseIds } from './diagnostics-ids.js';
import { bodyWithFields, diagnosisFields, withBody } from './diagnostics-request.js';
import type { TapOutcome } from './tap-response.js';
import type { WatchPrediction } from './watch-prediction.js';

/** How a watched request goes out: the `fetch` arguments, and whether its body asks Anthropic to compare it with an earlier response. */
export interface Outgoing {
  readonly sent: Parameters<typeof fetch>;
  readonly asked: boolean;
}

/**
 * The watch's side of the providers' cache diagnoses: with `ask` (`watchFetch`'s `diagnostics`),
 * each request goes out naming the response to the earlier request its prediction compares it with
 * (`diagnosisFields`), and each successful response's id is kept for the requests after it; asked
 * or not, a response's diagnosis is read into its observed usage (`cacheMissReason`).
 */
export class WatchDiagnosis {
  readonly #ask: boolean;
  readonly #ids = new ResponseIds();

  constructor(ask: boolean) {
    this.#ask = ask;
  }

  /** The request as it goes out, made after the prediction (which saw the body as the host wrote it). */
  outgoing(prediction: WatchPrediction, json: JsonObject, text: string, input: string | URL | Request, init: RequestInit | undefined): Outgoing {
    const asked = asksAnthropicDiagnosis(json);
    if (!this.#ask) return { sent: [input, init], asked };
    const fields = diagnosisFields(json, prediction.format, prediction.route, this.#ids.of(prediction.divergence?.against, prediction.route.provider));
    if (!fields) return { sent: [input, init], asked };
    return { sent: withBody(input, init, bodyWithFields(text, json, fields)), asked: asked || asksAnthropicDiagnosis(fields) };
  }

  /** The usage the response reported with its diagnosis set on it, remembering the response's id when it succeeded. */
  incoming(prediction: WatchPrediction, response: Response, outcome: TapOutcome, asked: boolean): ObservedUsage | null {
    if (outcome.state === 'failed') return null;
    const id = outcome.facts?.id;
    if (this.#ask && response.ok && id !== undefined) this.#ids.set(prediction.route, prediction.routeIndex, id);
    return withCacheMissReason(outcome.usage, cacheMissReasonOf(outcome.facts?.fields, asked));
  }
}
