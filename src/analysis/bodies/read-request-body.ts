import { renderRequest, type LayoutName, type PrefixRequest, type RenderReuse, type RequestParts, type RouteKey } from '../../prefix/index.js';
import { promptCacheKeySalt } from '../openai/openai-policy.js';
import { BodyLocation, type JsonObject } from '../wire/body-fields.js';
import { readAnthropicBody } from '../anthropic/anthropic-body.js';
import { readChatBody } from '../openai/chat-body.js';
import { converseModelOf, readConverseBody } from '../bedrock/converse-body.js';
import type { ProviderBasis } from './detect-provider.js';
import { readResponsesBody } from '../openai/responses-body.js';
import { detectWireFormat, type WireFormat } from './wire-format.js';

/** A request read from a wire body: what it was detected as, and the hashed request. */
export interface WireRequest {
  readonly format: WireFormat;
  readonly request: PrefixRequest;
  /** How the route's provider was decided (`assumed` when nothing identified it; see `detectProvider`). */
  readonly providerBasis: ProviderBasis;
  /** Where it came from: the file (and the cassette interaction), for reports and errors. */
  readonly source: string;
}

/** Options of `readRequestBody`. */
export interface ReadRequestBodyOptions {
  /** File or label the body came from; every error names it. */
  readonly source: string;
  /** Wire order to render in, instead of the format's own (`chat` for OpenAI/DeepSeek, `anthropic`). */
  readonly layout?: LayoutName;
  /** The URL the body was sent to, when recorded: it names the provider more surely than the model. */
  readonly endpoint?: string;
  /** The provider whose cache the body reaches, overriding detection (`--provider`). */
  readonly provider?: string;
  /** Where the body sits inside its file (`interactions[1].request.parsed_body`), for errors. */
  readonly location?: BodyLocation;
  /** JSON and segments made for earlier bodies that may be handed back (see `RenderReuse`): the request is the same. */
  readonly reuse?: RenderReuse;
}

// Converse's wire order follows the model behind it; Bedrock's caching models are Anthropic's and
// Amazon Nova, and both read tools, then system, then messages, as Anthropic's API does.
const DEFAULT_LAYOUT = {
  'openai-chat': 'chat',
  'deepseek-chat': 'chat',
  'anthropic-messages': 'anthropic',
  'openai-responses': 'chat',
  'bedrock-converse': 'anthropic',
} as const satisfies Record<WireFormat, LayoutName>;

const READERS = {
  'openai-chat': readChatBody,
  'deepseek-chat': readChatBody,
  'anthropic-messages': readAnthropicBody,
  'openai-responses': readResponsesBody,
  'bedrock-converse': readConverseBody,
} as const satisfies Record<WireFormat, (body: JsonObject, location: BodyLocation, reuse?: RenderReuse) => RequestParts>;

/** The body's model; a Converse body names none (it is in the URL `/model/{modelId}/converse`). */
function modelOf(format: WireFormat, object: JsonObject, location: BodyLocation, endpoint: string | undefined): string {
  if (format !== 'bedrock-converse' || object['model'] !== undefined) return location.at('model').string(object['model']);
  const model = converseModelOf(endpoint);
  if (model === undefined) throw location.error('is a Bedrock Converse body, whose model is in the URL (`/model/{modelId}/converse`): no recorded URL names it');
  return model;
}

/**
 * The route of a body: its provider and model, salted by OpenAI's `prompt_cache_key` ("combined
 * with the prefix hash" to route the request, so requests with different keys do not share cache
 * entries: https://developers.openai.com/api/docs/guides/prompt-caching; Mistral's API takes the
 * same field: https://docs.mistral.ai/inference/conversations/advanced/prompt-caching). Only the
 * OpenAI formats take the key; `null` is no key.
 */
function routeOf(format: WireFormat, provider: string, model: string, object: JsonObject, location: BodyLocation): RouteKey {
  const key = object['prompt_cache_key'];
  if ((format !== 'openai-chat' && format !== 'openai-responses') || key === undefined || key === null) return { provider, model };
  return { provider, model, salt: promptCacheKeySalt(location.at('prompt_cache_key').string(key)) };
}

/**
 * Turns a parsed request body (OpenAI chat completions and Responses, DeepSeek chat, Anthropic
 * messages, Bedrock Converse) into a
 * hashed request. The route is the detected provider plus the body's `model`. Only what the model
 * reads becomes segments: system text, tool schemas and messages; sampling options (`max_tokens`,
 * `temperature`, `stream`…) are not part of the cached prefix.
 */
export function readRequestBody(body: unknown, options: ReadRequestBodyOptions): WireRequest {
  const location = options.location ?? new BodyLocation(options.source);
  const object = location.object(body);
  const detected = detectWireFormat(object, location, options.endpoint, options.provider);
  const model = modelOf(detected.format, object, location, options.endpoint);
  const parts = READERS[detected.format](object, location, options.reuse);
  const layout = options.layout ?? DEFAULT_LAYOUT[detected.format];
  return {
    format: detected.format,
    request: renderRequest(routeOf(detected.format, detected.provider, model, object, location), layout, parts, options.reuse),
    providerBasis: detected.providerBasis,
    source: options.source,
  };
}
