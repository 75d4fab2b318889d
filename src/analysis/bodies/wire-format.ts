import { isJsonObject, type BodyLocation, type JsonObject } from '../wire/body-fields.js';
import { detectProvider, type ProviderBasis } from './detect-provider.js';

/** The request bodies kvprefix reads. */
export type WireFormat = 'openai-chat' | 'deepseek-chat' | 'anthropic-messages' | 'openai-responses' | 'bedrock-converse';

/** Every wire format, for validation and tables. */
export const WIRE_FORMATS = ['openai-chat', 'deepseek-chat', 'anthropic-messages', 'openai-responses', 'bedrock-converse'] as const satisfies readonly WireFormat[];

/** The providers whose APIs kvprefix names most often (a route's provider is any string: an unknown endpoint's host names its own cache). */
export type WireProvider = 'openai' | 'deepseek' | 'anthropic' | 'mistral' | (string & {});

/** What was detected about a body. */
export interface DetectedWire {
  readonly format: WireFormat;
  /** The provider whose cache the request reaches (see `detectProvider`). */
  readonly provider: WireProvider;
  /** How the provider was decided; `assumed` when nothing in the body or its record identified it. */
  readonly providerBasis: ProviderBasis;
}

const ANTHROPIC_BLOCK_TYPES = new Set(['tool_use', 'tool_result', 'thinking', 'redacted_thinking', 'document', 'server_tool_use']);
const CHAT_ONLY_ROLES = new Set(['developer', 'tool', 'function']);
const CHAT_PART_TYPES = new Set(['image_url', 'input_audio', 'file']);

/** Evidence in the body's shape for each family: Anthropic messages vs OpenAI-style chat. */
function shapeEvidence(body: JsonObject, messages: readonly unknown[]): { anthropic: string[]; chat: string[] } {
  // Sets: a long conversation names the same evidence in every message.
  const anthropic = new Set<string>();
  const chat = new Set<string>();
  if ('system' in body) anthropic.add('a top-level `system`');
  if ('anthropic_version' in body) anthropic.add('`anthropic_version`');
  for (const tool of Array.isArray(body['tools']) ? body['tools'] : []) {
    if (!isJsonObject(tool)) continue;
    if ('input_schema' in tool) anthropic.add('tools with `input_schema`');
    if ('function' in tool) chat.add('tools with `function`');
  }
  for (const message of messages) {
    if (!isJsonObject(message)) continue;
    if (typeof message['role'] === 'string' && CHAT_ONLY_ROLES.has(message['role'])) chat.add(`a \`${message['role']}\` message`);
    if ('tool_calls' in message) chat.add('`tool_calls`');
    if ('reasoning_content' in message) chat.add('`reasoning_content`');
    for (const block of Array.isArray(message['content']) ? message['content'] : []) {
      if (!isJsonObject(block) || typeof block['type'] !== 'string') continue;
      if (ANTHROPIC_BLOCK_TYPES.has(block['type'])) anthropic.add(`\`${block['type']}\` content blocks`);
      if (CHAT_PART_TYPES.has(block['type'])) chat.add(`\`${block['type']}\` content parts`);
    }
  }
  return { anthropic: [...anthropic], chat: [...chat] };
}

function isBedrockConverse(body: JsonObject, messages: readonly unknown[]): boolean {
  if ('inferenceConfig' in body || 'toolConfig' in body) return true;
  return messages.some((message) => isJsonObject(message) && Array.isArray(message['content']) && message['content'].some((block) => isJsonObject(block) && !('type' in block) && ('text' in block || 'cachePoint' in block || 'toolUse' in block)));
}

/**
 * Detects which request body this is: an OpenAI-style chat completions body (DeepSeek's when the
 * provider is DeepSeek), an Anthropic messages body, an OpenAI Responses body (`input`) or an Amazon
 * Bedrock Converse body, and the provider it reaches (`given` overrides it, `--provider`).
 * Throws an InputError saying what the body is instead when it is none of them.
 *
 * `endpoint` is the recorded request URL when the body came from a recorded exchange.
 */
export function detectWireFormat(body: JsonObject, location: BodyLocation, endpoint?: string, given?: string): DetectedWire {
  const messages = body['messages'];
  const hints = { ...(given === undefined ? {} : { given }), ...(endpoint === undefined ? {} : { endpoint }) };
  if (!Array.isArray(messages)) {
    if ('input' in body) {
      const hint = detectProvider(body, { ...hints, fallback: 'openai' });
      return { format: 'openai-responses', provider: hint.provider, providerBasis: hint.basis };
    }
    if ('contents' in body) throw location.error('is a Gemini `generateContent` body (`contents`): kvprefix reads OpenAI/DeepSeek chat, OpenAI Responses, Anthropic messages and Bedrock Converse bodies');
    const keys = Object.keys(body).slice(0, 8).map((key) => `\`${key}\``).join(', ') || 'none';
    throw location.error(`is none of the request bodies kvprefix reads (OpenAI or DeepSeek chat completions, OpenAI Responses, Anthropic messages, Bedrock Converse): it has no \`messages\` array and no \`input\` (its keys: ${keys})`);
  }
  if (isBedrockConverse(body, messages)) {
    const hint = detectProvider(body, { ...hints, fallback: 'bedrock' });
    return { format: 'bedrock-converse', provider: hint.provider, providerBasis: hint.basis };
  }
  const evidence = shapeEvidence(body, messages);
  if (evidence.anthropic.length > 0 && evidence.chat.length > 0) {
    throw location.error(`mixes Anthropic messages (${evidence.anthropic.join(', ')}) and OpenAI chat (${evidence.chat.join(', ')}) shapes: it is neither body`);
  }
  const anthropicShape = evidence.anthropic.length > 0;
  const hint = detectProvider(body, { ...hints, ...(anthropicShape ? { shape: 'anthropic' } : {}), fallback: anthropicShape ? 'anthropic' : 'openai' });
  const anthropic = anthropicShape || (evidence.chat.length === 0 && hint.provider === 'anthropic' && hint.basis !== 'assumed');
  if (anthropic) return { format: 'anthropic-messages', provider: hint.provider, providerBasis: hint.basis };
  // The dialect follows the provider, never a message field: `reasoning_content` appears only in
  // some requests of a DeepSeek conversation, and one conversation is one format and one route.
  return { format: hint.provider === 'deepseek' ? 'deepseek-chat' : 'openai-chat', provider: hint.provider, providerBasis: hint.basis };
}
