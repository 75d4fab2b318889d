import type { JsonObject } from './body-fields.js';

/**
 * How the provider of a body was decided, most certain first: `given` (the caller said, `--provider`),
 * `endpoint` (the recorded URL's host), `body` (a top-level field only one provider takes), `model`
 * (the model name's prefix), `assumed` (nothing identified it: the wire format's home provider).
 */
export type ProviderBasis = 'given' | 'endpoint' | 'body' | 'model' | 'assumed';

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

function providerOfEndpoint(endpoint: string | undefined): string | undefined {
  if (endpoint === undefined) return undefined;
  try {
    const host = new URL(endpoint).hostname;
    // Bedrock's runtime host names its region (`bedrock-runtime.us-east-1.amazonaws.com`); the cache is Bedrock's.
    if (/^bedrock-runtime(?:-fips)?\.[a-z0-9-]+\.amazonaws\.com$/.test(host)) return 'bedrock';
    return PROVIDER_HOSTS[host] ?? host;
  } catch {
    return undefined;
  }
}

function providerOfModel(model: unknown): string | undefined {
  if (typeof model !== 'string') return undefined;
  return MODEL_PREFIXES.find(([pattern]) => pattern.test(model))?.[1];
}

/**
 * Decides the provider of a request body from what identifies it: the caller's word, the recorded
 * endpoint, a provider-specific body field, the model name; `fallback` (the format's home provider)
 * when none does, marked `assumed`.
 */
export function detectProvider(body: JsonObject, options: { readonly given?: string; readonly endpoint?: string; readonly fallback: string }): DetectedProvider {
  if (options.given !== undefined) return { provider: options.given, basis: 'given' };
  const fromEndpoint = providerOfEndpoint(options.endpoint);
  if (fromEndpoint !== undefined) return { provider: fromEndpoint, basis: 'endpoint' };
  const field = PROVIDER_FIELDS.find(([key]) => key in body);
  if (field) return { provider: field[1], basis: 'body' };
  const fromModel = providerOfModel(body['model']);
  if (fromModel !== undefined) return { provider: fromModel, basis: 'model' };
  return { provider: options.fallback, basis: 'assumed' };
}
