/**
 * Test support (not a test file): a local HTTP server on 127.0.0.1 that answers each POST with the
 * next recorded response of a pydantic-ai cassette, as JSON or as a server-sent-event stream built
 * from the recorded JSON, and keeps the exact bytes it sent so a test can compare what the client got.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseYamlText } from '../../src/analysis/wire/parse-yaml-text.js';
import { readCorpusText } from './corpus.js';

export const CASSETTES = 'pydantic-ai-cache-cassettes/tests/models/cassettes';

type Json = Record<string, unknown>;

/** One recorded interaction: the request body sent and the response body received. */
export interface Interaction {
  readonly request: Json;
  readonly response: Json;
}

/** The interactions of a corpus cassette, in recorded order. */
export function cassetteInteractions(file: string): Interaction[] {
  const document = parseYamlText(readCorpusText(CASSETTES, file), file) as { interactions: { request: { parsed_body: Json }; response: { parsed_body: Json } }[] };
  return document.interactions.map(({ request, response }) => ({ request: request.parsed_body, response: response.parsed_body }));
}

const event = (name: string | undefined, data: unknown): string => `${name ? `event: ${name}\n` : ''}data: ${JSON.stringify(data)}\n\n`;

/** An OpenAI chat completion as the stream `stream: true, stream_options.include_usage` sends: deltas, then a usage chunk, then [DONE]. */
export function chatCompletionEvents(completion: Json): string[] {
  const choice = (completion['choices'] as Json[])[0]!;
  const message = choice['message'] as Json;
  const base = { id: completion['id'], object: 'chat.completion.chunk', created: completion['created'], model: completion['model'] };
  return [
    event(undefined, { ...base, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }], usage: null }),
    event(undefined, { ...base, choices: [{ index: 0, delta: { content: message['content'] }, finish_reason: null }], usage: null }),
    event(undefined, { ...base, choices: [{ index: 0, delta: {}, finish_reason: choice['finish_reason'] }], usage: null }),
    event(undefined, { ...base, choices: [], usage: completion['usage'] }),
    'data: [DONE]\n\n',
  ];
}

/** An Anthropic message as its stream sends it: message_start (with the input usage), one text block, message_delta (output tokens), message_stop. */
export function anthropicMessageEvents(message: Json): string[] {
  const usage = message['usage'] as Json;
  const text = ((message['content'] as Json[])[0]!['text'] as string) ?? '';
  const half = Math.floor(text.length / 2);
  return [
    event('message_start', { type: 'message_start', message: { ...message, content: [], stop_reason: null, stop_sequence: null, usage: { ...usage, output_tokens: 1 } } }),
    event('content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }),
    event('content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: text.slice(0, half) } }),
    event('content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: text.slice(half) } }),
    event('content_block_stop', { type: 'content_block_stop', index: 0 }),
    event('message_delta', { type: 'message_delta', delta: { stop_reason: message['stop_reason'], stop_sequence: null }, usage: { output_tokens: usage['output_tokens'] } }),
    event('message_stop', { type: 'message_stop' }),
  ];
}

/** What the server answers one request with. */
export interface ReplayAnswer {
  readonly contentType: string;
  /** Written one by one, a few milliseconds apart, so a client sees several chunks. */
  readonly chunks: readonly string[];
}

/** A running replay server: its base URL, the bodies it received and the bytes it sent, in order. */
export interface ReplayServer {
  readonly url: string;
  readonly received: Json[];
  readonly sent: Buffer[];
  close(): Promise<void>;
}

/** Starts the server on 127.0.0.1 (a free port); `answer` is asked for each POST's reply, in order. */
export async function startReplayServer(answer: (body: Json, index: number) => ReplayAnswer): Promise<ReplayServer> {
  const received: Json[] = [];
  const sent: Buffer[] = [];
  const server: Server = createServer((request, response) => {
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', async () => {
      const body = JSON.parse(Buffer.concat(parts).toString('utf8')) as Json;
      const { contentType, chunks } = answer(body, received.length);
      received.push(body);
      sent.push(Buffer.from(chunks.join(''), 'utf8'));
      response.writeHead(200, { 'content-type': contentType });
      for (const chunk of chunks) {
        response.write(chunk);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    sent,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
