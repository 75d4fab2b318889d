import { renderRequest, type LayoutName, type PrefixRequest, type RequestParts } from '../../prefix/index.js';
import { BodyLocation } from './body-fields.js';
import { readAnthropicBody } from './anthropic-body.js';
import { readChatBody } from './chat-body.js';
import type { ProviderBasis } from './detect-provider.js';
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
}

const DEFAULT_LAYOUT = { 'openai-chat': 'chat', 'deepseek-chat': 'chat', 'anthropic-messages': 'anthropic' } as const satisfies Record<WireFormat, LayoutName>;

/**
 * Turns a parsed request body (OpenAI chat completions, DeepSeek chat, Anthropic messages) into a
 * hashed request. The route is the detected provider plus the body's `model`. Only what the model
 * reads becomes segments: system text, tool schemas and messages; sampling options (`max_tokens`,
 * `temperature`, `stream`…) are not part of the cached prefix.
 */
export function readRequestBody(body: unknown, options: ReadRequestBodyOptions): WireRequest {
  const location = options.location ?? new BodyLocation(options.source);
  const object = location.object(body);
  const detected = detectWireFormat(object, location, options.endpoint, options.provider);
  const model = location.at('model').string(object['model']);
  const parts: RequestParts = detected.format === 'anthropic-messages' ? readAnthropicBody(object, location) : readChatBody(object, location);
  const layout = options.layout ?? DEFAULT_LAYOUT[detected.format];
  return {
    format: detected.format,
    request: renderRequest({ provider: detected.provider, model }, layout, parts),
    providerBasis: detected.providerBasis,
    source: options.source,
  };
}
