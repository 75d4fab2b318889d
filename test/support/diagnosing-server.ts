/**
 * Test support (not a test file): answers Messages and Responses requests on 127.0.0.1 (through
 * `startReplayServer`) with the cache diagnosis each provider documents, worked out from the
 * requests it received, not scripted:
 * - Anthropic (https://platform.claude.com/docs/en/build-with-claude/cache-diagnostics): a request
 *   carrying `diagnostics` has its fingerprint (model, tools, system, messages) stored under its
 *   response id; one naming an earlier id in `diagnostics.previous_message_id` is compared with it
 *   and gets `diagnostics: {cache_miss_reason: {type, cache_missed_input_tokens}}` at the first
 *   part that differs (model, then tools, system and messages in prompt order; messages differ when
 *   the earlier ones are not kept as they were), `previous_message_not_found` for an unknown id, or
 *   `diagnostics: null` when nothing differs (or nothing was asked).
 * - OpenAI Responses (`prompt_cache_diagnostics` in `openai`'s `Response`): a request naming
 *   `prompt_cache_options.comparison_response_id` gets `{type: 'cache_miss', reason, cache_missed_tokens}`
 *   (`model_changed`, `tools_changed`, `input_changed` for the instructions or earlier input items),
 *   `comparison_response_not_found`, or `{type: 'cache_hit'}`.
 * Usage counts a token per four characters of the request's JSON, all of it uncached: these tests
 * are about the causes, not the reads.
 */
import { anthropicMessageEvents, startReplayServer, type ReplayAnswer, type ReplayServer } from './cassette-server.js';

type Json = Record<string, unknown>;

interface Fingerprint {
  readonly model: unknown;
  readonly tools: string;
  readonly system: string;
  readonly items: readonly string[];
  readonly tokens: number;
}

const json = (value: unknown) => JSON.stringify(value ?? null);
const tokensOf = (body: Json) => Math.ceil(JSON.stringify(body).length / 4);
const keeps = (earlier: readonly string[], later: readonly string[]) => earlier.every((item, index) => later[index] === item);

/** The first part of `later` that differs from `earlier`, in the order the prompt is laid out; null when it only appends. */
function firstChange(earlier: Fingerprint, later: Fingerprint, names: { readonly system: string; readonly items: string }): string | null {
  if (earlier.model !== later.model) return 'model_changed';
  if (earlier.tools !== later.tools) return 'tools_changed';
  if (earlier.system !== later.system) return names.system;
  if (!keeps(earlier.items, later.items)) return names.items;
  return null;
}

function anthropicFingerprint(body: Json): Fingerprint {
  return { model: body['model'], tools: json(body['tools']), system: json(body['system']), items: ((body['messages'] as unknown[]) ?? []).map(json), tokens: tokensOf(body) };
}

function responsesFingerprint(body: Json): Fingerprint {
  const input = typeof body['input'] === 'string' ? [{ role: 'user', content: body['input'] }] : ((body['input'] as unknown[]) ?? []);
  return { model: body['model'], tools: json(body['tools']), system: json(body['instructions']), items: input.map(json), tokens: tokensOf(body) };
}

const event = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

/** A running diagnosing server: the replay server's URL and what it received, and the id of each response in order. */
export interface DiagnosingServer extends ReplayServer {
  readonly ids: readonly string[];
}

/** Starts a server answering as the Anthropic Messages API does, with its cache diagnosis; streamed when the request says `stream: true`. */
export async function startAnthropicDiagnosingServer(): Promise<DiagnosingServer> {
  const stored = new Map<string, Fingerprint>();
  const ids: string[] = [];
  const answer = (body: Json, index: number): ReplayAnswer => {
    const id = `msg_${String(index).padStart(4, '0')}`;
    ids.push(id);
    const print = anthropicFingerprint(body);
    const asked = body['diagnostics'] as { previous_message_id?: string | null } | undefined;
    let diagnostics: Json | null = null;
    const previous = asked?.previous_message_id;
    if (typeof previous === 'string') {
      const earlier = stored.get(previous);
      if (earlier === undefined) diagnostics = { cache_miss_reason: { type: 'previous_message_not_found' } };
      else {
        const type = firstChange(earlier, print, { system: 'system_changed', items: 'messages_changed' });
        if (type !== null) diagnostics = { cache_miss_reason: { type, cache_missed_input_tokens: earlier.tokens } };
      }
    }
    // Only a request that carries `diagnostics` is fingerprinted for the next one.
    if (asked !== undefined) stored.set(id, print);
    const message = {
      id,
      type: 'message',
      role: 'assistant',
      model: body['model'],
      content: [{ type: 'text', text: `answer ${index}` }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: print.tokens, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 3 },
      diagnostics,
    };
    return body['stream'] === true ? { contentType: 'text/event-stream', chunks: anthropicMessageEvents(message) } : { contentType: 'application/json', chunks: [JSON.stringify(message)] };
  };
  const server = await startReplayServer(answer);
  return Object.assign(server, { ids });
}

/** Starts a server answering as OpenAI's Responses API does on GPT-5.6, with `prompt_cache_diagnostics`; streamed when the request says `stream: true`. */
export async function startResponsesDiagnosingServer(): Promise<DiagnosingServer> {
  const stored = new Map<string, Fingerprint>();
  const ids: string[] = [];
  const answer = (body: Json, index: number): ReplayAnswer => {
    const id = `resp_${String(index).padStart(4, '0')}`;
    ids.push(id);
    const print = responsesFingerprint(body);
    stored.set(id, print);
    const options = (body['prompt_cache_options'] as Json | undefined) ?? {};
    const compared = options['comparison_response_id'];
    let diagnosis: Json | undefined;
    if (typeof compared === 'string') {
      const earlier = stored.get(compared);
      if (earlier === undefined) diagnosis = { type: 'comparison_response_not_found' };
      else {
        const reason = firstChange(earlier, print, { system: 'input_changed', items: 'input_changed' });
        diagnosis = reason === null ? { type: 'cache_hit' } : { type: 'cache_miss', reason, cache_missed_tokens: earlier.tokens, comparison_reusable_tokens: earlier.tokens };
      }
    }
    const text = `answer ${index}`;
    const response = {
      id,
      object: 'response',
      created_at: 1_780_000_000 + index,
      status: 'completed',
      model: body['model'],
      output: [{ type: 'message', id: `msg_${index}`, status: 'completed', role: 'assistant', content: [{ type: 'output_text', text, annotations: [] }] }],
      usage: { input_tokens: print.tokens, input_tokens_details: { cached_tokens: 0 }, output_tokens: 3, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: print.tokens + 3 },
      prompt_cache_options: { mode: 'implicit', ttl: '30m', comparison_response_id: typeof compared === 'string' ? compared : null },
      ...(diagnosis === undefined ? {} : { prompt_cache_diagnostics: diagnosis }),
    };
    if (body['stream'] !== true) return { contentType: 'application/json', chunks: [JSON.stringify(response)] };
    return {
      contentType: 'text/event-stream',
      chunks: [
        event('response.created', { type: 'response.created', sequence_number: 0, response: { ...response, status: 'in_progress', output: [], usage: null } }),
        event('response.output_text.delta', { type: 'response.output_text.delta', sequence_number: 1, item_id: `msg_${index}`, output_index: 0, content_index: 0, delta: text }),
        event('response.completed', { type: 'response.completed', sequence_number: 2, response }),
      ],
    };
  };
  const server = await startReplayServer(answer);
  return Object.assign(server, { ids });
}
