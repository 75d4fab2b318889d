import { getTokenizer, PrefixTokenCounter, renderRequest, Segment, type PrefixRequest, type RouteKey, type Tokenizer } from '../../prefix/index.js';
import type { ChatWireMessage, ReconstructedRequestParts } from '../../providers/index.js';
import { DeepSeekV4Tokenizer } from '../deepseek/deepseek-tokenizer.js';
import { DeepSeekV4Renderer } from '../deepseek/render-v4.js';
import { renderModeOf, type DeepSeekRenderMode, type DeepSeekRequestSettings } from '../deepseek/request-settings.js';

type AssistantWire = Extract<ChatWireMessage, { role: 'assistant' }>;

/** The settings the request's logged header records (DSH logs the resolved `reasoningEffort` today; July 2026 logs record none). */
function loggedSettings(reconstructed: ReconstructedRequestParts): DeepSeekRequestSettings {
  const config = reconstructed.head.header.event.data.header.config as { readonly reasoningEffort?: unknown; readonly thinking?: unknown };
  return {
    ...(typeof config.reasoningEffort === 'string' ? { reasoningEffort: config.reasoningEffort } : {}),
    ...(config.thinking === 'enabled' || config.thinking === 'disabled' ? { thinking: config.thinking } : {}),
  };
}

/** How one route's requests are rendered and counted: the bytes its server tokenizes, and its tokenizer. */
export interface RouteRendering {
  /** Tokenizer name as reports show it. */
  readonly tokenizer: string;
  readonly counter: PrefixTokenCounter;
  render(reconstructed: ReconstructedRequestParts): PrefixRequest;
  /**
   * Tokens V4's `reasoning_effort: max` instruction would add to this request (of `rendered`
   * tokens), or null where it cannot: the request already carries it, is in chat mode, or is not on
   * a DeepSeek route.
   */
  maxEffortTokens(reconstructed: ReconstructedRequestParts, rendered: number): number | null;
  /** The sequence the server holds after answering `request` (rebuilt as `reconstructed`) with `response`. */
  withResponse(request: PrefixRequest, response: AssistantWire, reconstructed: ReconstructedRequestParts): PrefixRequest;
}

/** Options of `RouteRenderings`. */
export interface RouteRenderingOptions {
  /** Counter for DeepSeek routes (share one across analyses: its tokenizer is slow and memoised). */
  readonly deepseekCounter?: PrefixTokenCounter;
  /** Renderer for DeepSeek routes (share one across analyses: it remembers the tool schemas it rendered). */
  readonly deepseekRenderer?: DeepSeekV4Renderer;
  /** Tokenizer for every other route (default o200k_base). */
  readonly tokenizer?: Tokenizer;
  /** The host composition's DeepSeek settings, for requests whose header does not record its own (`readHostModelSettings`). */
  readonly deepseekSettings?: DeepSeekRequestSettings;
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
      const counter = this.#options.deepseekCounter ?? new PrefixTokenCounter(new DeepSeekV4Tokenizer());
      this.#deepseek = {
        tokenizer: 'deepseek-v4',
        counter,
        // The effort and thinking mode change the prompt: the header's own settings, else the host composition's.
        render: (reconstructed) => renderer.render(reconstructed.head.route, reconstructed.parts, this.modeOf(reconstructed)),
        withResponse: (request, response, reconstructed) => renderer.withResponse(request, response, this.modeOf(reconstructed)),
        maxEffortTokens: (reconstructed, rendered) => {
          const mode = this.modeOf(reconstructed);
          if (!mode.thinking || mode.reasoningEffort === 'max') return null;
          return counter.prefixTokens(renderer.render(reconstructed.head.route, reconstructed.parts, { reasoningEffort: 'max' }).segments) - rendered;
        },
      };
      return this.#deepseek;
    }
    const tokenizer = this.#options.tokenizer ?? getTokenizer();
    this.#chat ??= { tokenizer: tokenizer.name, counter: new PrefixTokenCounter(tokenizer), render: (reconstructed) => renderRequest(reconstructed.head.route, 'chat', reconstructed.parts), withResponse: chatWithResponse, maxEffortTokens: () => null };
    return this.#chat;
  }

  /** How a DeepSeek request is rendered: its logged settings, else the host composition's, else DeepSeek's defaults. */
  modeOf(reconstructed: ReconstructedRequestParts): DeepSeekRenderMode {
    return renderModeOf(loggedSettings(reconstructed), this.#options.deepseekSettings);
  }

  /** Names of the tokenizers used so far. */
  get tokenizers(): string[] {
    return [this.#deepseek?.tokenizer, this.#chat?.tokenizer].filter((name): name is string => name !== undefined);
  }
}
