import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { InputError } from '../../prefix/index.js';
import { splitRenderedPrompt, type AssembledSection, type ToolSchema } from '../../providers/index.js';

/**
 * DSH's shipped section texts and tool schemas, from a recorded head: the system prompt split into
 * its named sections and the wire tools by name. A composition names packages, not texts, so the
 * guard takes each package's texts from here (`package-catalog.ts` says which belong to which).
 */
export interface ReferenceHead {
  readonly source: string;
  readonly sections: ReadonlyMap<string, AssembledSection>;
  readonly tools: ReadonlyMap<string, ToolSchema>;
}

/**
 * The bundled recorded head: the DeepSeek chat body a DSH parent sent (examples/README.md; the
 * `text-turn` pins of DSH b150a551b8, MIT). `src/` and `dist/` sit at the same depth, so the path
 * works from both.
 */
export const BUNDLED_REFERENCE_HEAD = new URL('../../../examples/fork-parent.request.json', import.meta.url);

const chatBodySchema = z.object({
  messages: z.array(z.looseObject({ role: z.string(), content: z.unknown() })).min(1),
  tools: z.array(z.object({ type: z.literal('function'), function: z.object({ name: z.string(), description: z.string(), parameters: z.record(z.string(), z.unknown()) }) })),
});

/** Reads a reference head from a DeepSeek/OpenAI chat body whose first message is the system prompt. */
export function parseReferenceHead(text: string, source: string): ReferenceHead {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new InputError('input/malformed-json', `reference head: ${error instanceof Error ? error.message : String(error)}`, { source });
  }
  const body = chatBodySchema.safeParse(value);
  if (!body.success) throw new InputError('input/schema', `reference head: ${z.prettifyError(body.error)}`, { source });
  const [system] = body.data.messages;
  if (system?.role !== 'system' || typeof system.content !== 'string') throw new InputError('input/schema', 'reference head: the first message must be the system prompt as text', { source });
  const sections = splitRenderedPrompt(system.content, source);
  return {
    source,
    sections: new Map(sections.map((section) => [section.name, section])),
    tools: new Map(body.data.tools.map(({ function: tool }) => [tool.name, { name: tool.name, description: tool.description, parameters: tool.parameters }])),
  };
}

/** Loads the bundled reference head (or another chat body given by URL or path). */
export async function loadReferenceHead(from: URL | string = BUNDLED_REFERENCE_HEAD): Promise<ReferenceHead> {
  const source = from === BUNDLED_REFERENCE_HEAD ? 'the bundled examples/fork-parent.request.json' : typeof from === 'string' ? from : from.pathname;
  let text: string;
  try {
    text = await readFile(from, 'utf8');
  } catch (error) {
    throw new InputError('input/unreadable', `cannot read the reference head: ${error instanceof Error ? error.message : String(error)}`, { source });
  }
  return parseReferenceHead(text, source);
}
