import { InputError, type LayoutName } from '../../prefix/index.js';
import { decodeUtf8, readInputBytes } from '../../providers/input/index.js';
import { BodyLocation } from '../wire/body-fields.js';
import { findRequestBodies } from './recorded-exchange.js';
import { parseJsonText } from '../wire/parse-json-text.js';
import { parseYamlText } from '../wire/parse-yaml-text.js';
import { readRequestBody, type WireRequest } from './read-request-body.js';
import { asksAnthropicDiagnosis, cacheMissReasonOf, withCacheMissReason } from '../usage/cache-miss-reason.js';
import { observedUsageOf } from './response-usage.js';
import { type ObservedUsage } from '../usage/observed-usage.js';
import { isJsonObject } from '../../prefix/json-object.js';
import { inputLimit, type InputLimit } from '../../providers/input/input-chunks.js';

/** One request of a wire file, with what its recorded response reported and when. */
export interface RecordedRequest {
  readonly wire: WireRequest;
  readonly observed: ObservedUsage | null;
  /** Seconds since the epoch, from the response's `date` header when recorded. */
  readonly time: number | null;
}


/** The parsed response body of a recorded interaction: `parsed_body`, or `body.string` / `body` as JSON text. */
function responseBody(response: Record<string, unknown>): unknown {
  if (response['parsed_body'] !== undefined) return response['parsed_body'];
  const body = response['body'];
  const text = isJsonObject(body) && typeof body['string'] === 'string' ? body['string'] : typeof body === 'string' ? body : undefined;
  if (text === undefined) return body;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The `date` header of a recorded response (vcrpy keeps header values as lists). */
function responseTime(response: Record<string, unknown>): number | null {
  const headers = response['headers'];
  if (!isJsonObject(headers)) return null;
  const entry = Object.entries(headers).find(([name]) => name.toLowerCase() === 'date')?.[1];
  const value = Array.isArray(entry) ? entry[0] : entry;
  const time = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  return Number.isNaN(time) ? null : time / 1000;
}

/** Options of `readRecordedRequests`. */
export interface ReadRecordedOptions extends InputLimit {
  readonly layout?: LayoutName;
  readonly provider?: string;
}

/**
 * Every request of a wire file in recorded order: a request body, a recorded exchange, or a
 * cassette of them. Each request comes with the usage its recorded response reported and the
 * response's time, where the file holds them.
 */
export async function readRecordedRequests(file: string, label: string, options: ReadRecordedOptions = {}): Promise<RecordedRequest[]> {
  // The shared reader: the size limit before anything is parsed, and a byte that is not UTF-8
  // refused with its offset (never read as U+FFFD), as diff reads the same files.
  const bytes = await readInputBytes(file, { label, ...inputLimit(options) });
  const text = decodeUtf8(bytes, label);
  const document = /\.ya?ml$/i.test(file) ? parseYamlText(text, label) : parseJsonText(text, label);
  const bodies = findRequestBodies(document, new BodyLocation(label));
  const interactions = isJsonObject(document) && Array.isArray(document['interactions']) ? document['interactions'] : undefined;
  const single = isJsonObject(document) && isJsonObject(document['response']) ? document['response'] : undefined;
  return bodies.map((found, index) => {
    const source = bodies.length > 1 ? `${label}#${index + 1}` : label;
    const wire = readRequestBody(found.body, {
      source,
      location: found.location,
      ...(options.layout ? { layout: options.layout } : {}),
      ...(options.provider ? { provider: options.provider } : {}),
      ...(found.endpoint ? { endpoint: found.endpoint } : {}),
    });
    const interaction = interactions?.[index];
    const response = isJsonObject(interaction) && isJsonObject(interaction['response']) ? interaction['response'] : single;
    if (!response) return { wire, observed: null, time: null };
    const body = responseBody(response);
    // The provider's cache diagnosis where the response carries one; Anthropic's `diagnostics: null` means "fully reusable" only when this request asked.
    const observed = withCacheMissReason(observedUsageOf(body), cacheMissReasonOf(body, asksAnthropicDiagnosis(found.body)));
    return { wire, observed, time: responseTime(response) };
  });
}
