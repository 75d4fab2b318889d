import type { JsonObject } from '../wire/body-fields.js';

/**
 * How the provider of a body was decided, most certain first: `given` (the caller said, `--provider`),
 * `endpoint` (the recorded URL is a provider's own API host), `body` (a top-level field only one
 * provider takes, or a shape only one provider's API has), `model` (the model name's prefix), `host`
 * (the URL's host is no provider's API — a proxy, a gateway, a local server — and nothing in the body
 * named one: the host is its own cache), `assumed` (nothing identified it: the wire format's home
 * provider). `host` and `assumed` are guesses, and reports say so.
 */
export type ProviderBasis = 'given' | 'endpoint' | 'body' | 'model' | 'host' | 'assumed';

/** True when the provider was guessed, not identified: reports name the guess and how to fix it (`provider:`, `--provider`). */
export function isProviderGuess(basis: ProviderBasis): boolean {
  return basis === 'host' || basis === 'assumed';
}

/**
 * The words a report prints for a guessed provider (`host` or `assumed`), with how to name it
 * instead; undefined when the provider was identified.
 */
export function providerGuessNote(provider: string, basis: ProviderBasis): string | undefined {
  if (basis === 'assumed') return `provider '${provider}' assumed (nothing in the body names it; pass --provider, or provider: in the watch options)`;
  if (basis === 'host') return `provider '${provider}' taken from the endpoint's host (neither the body's shape nor its model names a provider; pass --provider, or provider: in the watch options)`;
  return undefined;
}

/** The provider whose cache a body reaches, and how that was decided. */
export interface DetectedProvider {
  readonly provider: string;
  readonly basis: ProviderBasis;
}

/** Hosts of the providers' own APIs. A host not listed here is its own cache partition: the provider is the host. */
const PROVIDER_HOSTS: Readonly<Record<string, string>> = {
  'api.anthropic.com': 'anthropic',
  'api.deepseek.com': 'deepseek',
  'api.openai.com': 'openai',
  'api.mistral.ai': 'mistral',
  'generativelanguage.googleapis.com': 'google',
  'api.x.ai': 'xai',
  'api.groq.com': 'groq',
  'api.together.xyz': 'together',
  'api.fireworks.ai': 'fireworks',
  'openrouter.ai': 'openrouter',
  'api.moonshot.ai': 'moonshot',
  'api.cohere.com': 'cohere',
};

/**
 * Model-name prefixes of each provider's own models. Only names a provider publishes under its own
 * name: open-weight families (Llama, Qwen) are served by many, so they identify no cache.
 */
const MODEL_PREFIXES: readonly (readonly [RegExp, string])[] = [
  [/^deepseek/i, 'deepseek'],
  [/^claude/i, 'anthropic'],
  [/^(?:gpt-|o\d(?:-|$)|chatgpt-|codex-)/i, 'openai'],
  [/^(?:mistral|open-mistral|codestral|ministral|magistral|pixtral|devstral|voxtral)/i, 'mistral'],
  [/^gemini/i, 'google'],
  [/^grok/i, 'xai'],
  [/^command/i, 'cohere'],
  [/^kimi/i, 'moonshot'],
];

/**
 * Top-level body fields only one provider's API takes (its own request options, never a message
 * field: a message field such as DeepSeek's `reasoning_content` appears only in some requests of a
 * conversation, and the provider must not change between them).
 */
const PROVIDER_FIELDS: readonly (readonly [string, string])[] = [
  ['safe_prompt', 'mistral'],
  ['random_seed', 'mistral'],
  ['anthropic_version', 'anthropic'],
  ['cache_salt', 'vllm'],
];

/** The endpoint's host: a provider's own API (`known`), or another host (a proxy, gateway or local server). */
function providerOfEndpoint(endpoint: string | undefined): { readonly provider: string; readonly known: boolean } | undefined {
  if (endpoint === undefined) return undefined;
  try {
    const host = new URL(endpoint).hostname;
    // Bedrock's runtime host names its region (`bedrock-runtime.us-east-1.amazonaws.com`); the cache is Bedrock's.
    if (/^bedrock-runtime(?:-fips)?\.[a-z0-9-]+\.amazonaws\.com$/.test(host)) return { provider: 'bedrock', known: true };
    const known = PROVIDER_HOSTS[host];
    return known === undefined ? { provider: host, known: false } : { provider: known, known: true };
  } catch {
    return undefined;
  }
}

function providerOfModel(model: unknown): string | undefined {
  if (typeof model !== 'string') return undefined;
  return MODEL_PREFIXES.find(([pattern]) => pattern.test(model))?.[1];
}

/** What `detectProvider` is told besides the body. */
export interface ProviderHints {
  /** The caller's word (`--provider`, the watch's `provider:`). */
  readonly given?: string;
  /** The URL the body was sent to. */
  readonly endpoint?: string;
  /** The provider whose API alone has the body's shape (Anthropic for `input_schema` tools, a top-level `system`…), when it has one. */
  readonly shape?: string;
  /** The wire format's home provider, assumed when nothing identifies one. */
  readonly fallback: string;
}

/**
 * Decides the provider of a request body from what identifies it, most certain first: the caller's
 * word; a provider's own API host (api.anthropic.com, Bedrock's runtime); a provider-specific body
 * field; the model name; the body's shape; then any other host (a proxy, a gateway or a local
 * `baseURL` forwards bodies whose model and shape say more about the cache behind it than its host
 * does); `fallback` (the format's home provider) when none does, marked `assumed`.
 */
export function detectProvider(body: JsonObject, options: ProviderHints): DetectedProvider {
  if (options.given !== undefined) return { provider: options.given, basis: 'given' };
  const fromEndpoint = providerOfEndpoint(options.endpoint);
  if (fromEndpoint?.known) return { provider: fromEndpoint.provider, basis: 'endpoint' };
  const field = PROVIDER_FIELDS.find(([key]) => key in body);
  if (field) return { provider: field[1], basis: 'body' };
  const fromModel = providerOfModel(body['model']);
  if (fromModel !== undefined) return { provider: fromModel, basis: 'model' };
  if (options.shape !== undefined) return { provider: options.shape, basis: 'body' };
  if (fromEndpoint !== undefined) return { provider: fromEndpoint.provider, basis: 'host' };
  return { provider: options.fallback, basis: 'assumed' };
}
