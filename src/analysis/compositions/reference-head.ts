import { fileURLToPath } from 'node:url';
import * as z from 'zod';
import { InputError } from '../../prefix/index.js';
import { splitRenderedPrompt, type AssembledSection, type ToolSchema } from '../../providers/index.js';
import { readInputText } from '../../providers/input/index.js';
import { referenceHeadFileSchema } from './reference-head-file.js';
import { recordedSandboxVariant, type ToolVariant } from './tool-variants.js';
import { packageFile } from '../../prefix/package-file.js';

/** One recorded schema of a tool, and the variant it is when the tool has several (`tool-variants.ts`). */
export interface ReferenceTool {
  readonly variant?: ToolVariant;
  readonly schema: ToolSchema;
}

/**
 * DSH's shipped section texts and tool schemas: sections by name, tools by name with each recorded
 * variant. A composition names packages, not texts, so the guard takes each package's texts from
 * here (`package-catalog.ts` says which belong to which, `tool-variants.ts` which variant it sends).
 */
export interface ReferenceHead {
  readonly source: string;
  readonly sections: ReadonlyMap<string, AssembledSection>;
  readonly tools: ReadonlyMap<string, readonly ReferenceTool[]>;
}

/**
 * The bundled reference head, collected from every head pin of DSH b150a551b8 (MIT) by
 * `examples/build-reference-head.ts`, shipped in the package's `examples/`.
 */
export const BUNDLED_REFERENCE_HEAD = packageFile('examples/reference-head.json');

/** The schema of `name` in `variant` (undefined: the tool's only schema), if the reference head has it. */
export function referenceTool(head: ReferenceHead, name: string, variant: ToolVariant | undefined): ToolSchema | undefined {
  return head.tools.get(name)?.find((tool) => tool.variant === variant)?.schema;
}

const chatBodySchema = z.object({
  messages: z.array(z.looseObject({ role: z.string(), content: z.unknown() })).min(1),
  tools: z.array(z.object({ type: z.literal('function'), function: z.object({ name: z.string(), description: z.string(), parameters: z.record(z.string(), z.unknown()) }) })),
});

function byName<T>(entries: readonly (readonly [string, T])[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const [name, entry] of entries) map.set(name, [...(map.get(name) ?? []), entry]);
  return map;
}

/** A DeepSeek/OpenAI chat body whose first message is the system prompt: one head, so one schema per tool. */
function fromChatBody(value: unknown, source: string): ReferenceHead {
  const body = chatBodySchema.safeParse(value);
  if (!body.success) throw new InputError('input/schema', `reference head: ${z.prettifyError(body.error)}`, { source });
  const [system] = body.data.messages;
  if (system?.role !== 'system' || typeof system.content !== 'string') throw new InputError('input/schema', 'reference head: the first message must be the system prompt as text', { source });
  const sections = splitRenderedPrompt(system.content, source);
  const tools = body.data.tools.map(({ function: tool }): [string, ReferenceTool] => {
    const schema = { name: tool.name, description: tool.description, parameters: tool.parameters };
    // A sandboxed tool's schema says which variant it is; without that the guard would send it for the other.
    const variant = recordedSandboxVariant(schema);
    return [tool.name, variant === undefined ? { schema } : { variant, schema }];
  });
  return { source, sections: new Map(sections.map((section) => [section.name, section])), tools: byName(tools) };
}

/** The bundled file's format (`reference-head-file.ts`). */
function fromReferenceFile(value: unknown, source: string): ReferenceHead {
  const file = referenceHeadFileSchema.safeParse(value);
  if (!file.success) throw new InputError('input/schema', `reference head: ${z.prettifyError(file.error)}`, { source });
  return {
    source,
    sections: new Map(file.data.sections.map(({ name, order, text }) => [name, { name, order, text }])),
    tools: byName(file.data.tools.map(({ variant, schema }): [string, ReferenceTool] => [schema.name, variant === undefined ? { schema } : { variant, schema }])),
  };
}

/** Reads a reference head: the bundled file's format, or a chat body (`messages` and `tools`). */
export function parseReferenceHead(text: string, source: string): ReferenceHead {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new InputError('input/malformed-json', `reference head: ${error instanceof Error ? error.message : String(error)}`, { source });
  }
  const isChatBody = typeof value === 'object' && value !== null && 'messages' in value;
  return isChatBody ? fromChatBody(value, source) : fromReferenceFile(value, source);
}

/** Loads the bundled reference head (or another one given by URL or path). */
export async function loadReferenceHead(from: URL | string = BUNDLED_REFERENCE_HEAD): Promise<ReferenceHead> {
  const source = from === BUNDLED_REFERENCE_HEAD ? 'the bundled examples/reference-head.json' : typeof from === 'string' ? from : from.pathname;
  return parseReferenceHead(await readInputText(typeof from === 'string' ? from : fileURLToPath(from), { label: source }), source);
}
