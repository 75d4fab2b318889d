import { getTokenizer, PrefixTokenCounter, renderRequest, Segment, type PrefixRequest, type RouteKey, type Tokenizer } from '../../prefix/index.js';
import type { ChatWireMessage, ReconstructedRequestParts } from '../../providers/index.js';
import { DeepSeekV4Tokenizer } from '../deepseek/deepseek-tokenizer.js';
import { DeepSeekV4Renderer } from '../deepseek/render-v4.js';

type AssistantWire = Extract<ChatWireMessage, { role: 'assistant' }>;

function reasoningEffortOf(reconstructed: ReconstructedRequestParts): string | undefined {
  const effort = (reconstructed.head.header.event.data.header.config as { readonly reasoningEffort?: unknown }).reasoningEffort;
  return typeof effort === 'string' ? effort : undefined;
}

/** How one route's requests are rendered and counted: the bytes its server tokenizes, and its tokenizer. */
export interface RouteRendering {
  /** Tokenizer name as reports show it. */
  readonly tokenizer: string;
  readonly counter: PrefixTokenCounter;
  render(reconstructed: ReconstructedRequestParts): PrefixRequest;
  /** The sequence the server holds after answering `request` with `response`. */
  withResponse(request: PrefixRequest, response: AssistantWire): PrefixRequest;
}

/** Options of `RouteRenderings`. */
export interface RouteRenderingOptions {
  /** Counter for DeepSeek routes (share one across analyses: its tokenizer is slow and memoised). */
  readonly deepseekCounter?: PrefixTokenCounter;
  /** Renderer for DeepSeek routes (share one across analyses: it remembers the tool schemas it rendered). */
  readonly deepseekRenderer?: DeepSeekV4Renderer;
  /** Tokenizer for every other route (default o200k_base). */
  readonly tokenizer?: Tokenizer;
}

/** True for routes served by DeepSeek (DSH names the provider `deepseek-official`; the model names say `deepseek-…`). */
export function isDeepSeekRoute(route: RouteKey): boolean {
  return /deepseek/i.test(route.provider) || /^deepseek/i.test(route.model);
}

function chatWithResponse(request: PrefixRequest, response: AssistantWire): PrefixRequest {
  const last = request.segments.at(-1);
  const segment = new Segment({ kind: 'message', name: 'response', content: JSON.stringify(response), meta: { role: 'assistant' } }, last?.prefixHash ?? request.routeSeed);
  return { ...request, segments: [...request.segments, segment] };
}

/**
 * The rendering each route gets, chosen per route and created on first use: DeepSeek's V4 encoding
 * counted with DeepSeek's tokenizer for DeepSeek routes (its vocabulary loads only if such a route
 * occurs), the chat layout counted with o200k_base (or the given tokenizer) for the rest.
 */
export class RouteRenderings {
  readonly #options: RouteRenderingOptions;
  #deepseek: RouteRendering | undefined;
  #chat: RouteRendering | undefined;

  constructor(options: RouteRenderingOptions = {}) {
    this.#options = options;
  }

  for(route: RouteKey): RouteRendering {
    if (isDeepSeekRoute(route)) {
      if (this.#deepseek) return this.#deepseek;
      const renderer = this.#options.deepseekRenderer ?? new DeepSeekV4Renderer();
      this.#deepseek = {
        tokenizer: 'deepseek-v4',
        counter: this.#options.deepseekCounter ?? new PrefixTokenCounter(new DeepSeekV4Tokenizer()),
        // The header's config carries the reasoning effort, which the V4 encoding writes into the prompt.
        render: (reconstructed) => renderer.render(reconstructed.head.route, reconstructed.parts, { reasoningEffort: reasoningEffortOf(reconstructed) }),
        withResponse: (request, response) => renderer.withResponse(request, response),
      };
      return this.#deepseek;
    }
    const tokenizer = this.#options.tokenizer ?? getTokenizer();
    this.#chat ??= { tokenizer: tokenizer.name, counter: new PrefixTokenCounter(tokenizer), render: (reconstructed) => renderRequest(reconstructed.head.route, 'chat', reconstructed.parts), withResponse: chatWithResponse };
    return this.#chat;
  }

  /** Names of the tokenizers used so far. */
  get tokenizers(): string[] {
    return [this.#deepseek?.tokenizer, this.#chat?.tokenizer].filter((name): name is string => name !== undefined);
  }
}
