import { InputError } from '../../prefix/index.js';
import { isJsonObject, type BodyLocation, type JsonObject } from '../wire/body-fields.js';
import { parseJsonText } from '../wire/parse-json-text.js';

/** One request body found in a file, with where it sits and the URL it was sent to when recorded. */
export interface FoundBody {
  readonly body: unknown;
  readonly location: BodyLocation;
  readonly endpoint: string | undefined;
}

/** A recorded HTTP request: `{method?, uri?, headers?, body? | parsed_body?}` (vcrpy's shape). */
function isRecordedRequest(value: JsonObject): boolean {
  return ('parsed_body' in value || 'body' in value) && ('uri' in value || 'method' in value || 'headers' in value);
}

function bodyOfRecordedRequest(request: JsonObject, location: BodyLocation): FoundBody {
  const endpoint = typeof request['uri'] === 'string' ? request['uri'] : undefined;
  // pydantic-ai's cassettes store JSON bodies parsed (`parsed_body`); plain vcrpy keeps the text.
  if (request['parsed_body'] !== undefined) return { body: request['parsed_body'], location: location.at('parsed_body'), endpoint };
  const here = location.at('body');
  const raw = request['body'];
  if (typeof raw === 'string') return { body: parseJsonText(raw, `${location.source} (${here.path})`), location: here, endpoint };
  return { body: raw, location: here, endpoint };
}

/**
 * The request bodies a parsed file holds. A file is one of:
 * - a request body itself;
 * - a recorded exchange `{request: {...}}`, whose `request` is either the body or a recorded HTTP
 *   request holding it (`parsed_body`, or `body` as JSON text);
 * - a cassette `{interactions: [{request, response}, ...]}` (vcrpy, pydantic-ai), one body per
 *   interaction, in recorded order.
 */
export function findRequestBodies(document: unknown, location: BodyLocation): FoundBody[] {
  return lazyRequestBodies(document, location).map((read) => read());
}

/**
 * The request bodies of a parsed file as functions that each read one: picking one request of a
 * cassette (`file.yaml#1`) reads that interaction only, so a malformed interaction it never needs
 * (say, a `body` that is not JSON) does not fail it.
 */
export function lazyRequestBodies(document: unknown, location: BodyLocation): (() => FoundBody)[] {
  if (!isJsonObject(document)) return [() => ({ body: document, location, endpoint: undefined })];
  if (Array.isArray(document['interactions'])) {
    // An empty cassette is not an empty success: a wrong or truncated recording would report 0 requests and pass.
    if (document['interactions'].length === 0) {
      throw new InputError('input/empty-cassette', 'the cassette holds no interactions (interactions: []): there is no request to read', { source: location.source });
    }
    const here = location.at('interactions');
    return document['interactions'].map((interaction, index) => () => {
      const request = here.at(index).at('request');
      return bodyOfRecordedRequest(request.object(here.at(index).object(interaction)['request']), request);
    });
  }
  const request = document['request'];
  if (isJsonObject(request) && !('messages' in document)) {
    return [() => (isRecordedRequest(request) ? bodyOfRecordedRequest(request, location.at('request')) : { body: request, location: location.at('request'), endpoint: undefined })];
  }
  return [() => ({ body: document, location, endpoint: undefined })];
}
