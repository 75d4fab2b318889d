import { UsageError } from '../../../prefix/index.js';
import type { ToolSchema } from '../../model/language-model.js';

/**
 * Renders the `tools:sdk` section for the tools an agent can reach from Code Mode. DSH regenerates
 * it at every assembly from the calling scope's visible tools (core/tools README, "The SDK
 * section"), which is why a tool filter changes it and moves the cache break to order 150.
 */
export type SdkRenderer = (tools: readonly ToolSchema[]) => string;

type JsonSchema = Readonly<Record<string, unknown>>;

function typeOf(schema: unknown, indent: string): string {
  if (typeof schema !== 'object' || schema === null) return 'JsonValue';
  const node = schema as JsonSchema;
  if (Array.isArray(node.enum)) return node.enum.map((value) => JSON.stringify(value)).join(' | ');
  if ('const' in node) return JSON.stringify(node.const);
  switch (node.type) {
    case 'string':
      return 'string';
    case 'number':
    case 'integer':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'array':
      return `Array<${typeOf(node.items, indent)}>`;
    case 'object':
      return objectType(node, indent);
    default:
      return 'JsonValue';
  }
}

function objectType(node: JsonSchema, indent: string): string {
  const properties = (node.properties ?? {}) as Record<string, unknown>;
  const required = new Set(Array.isArray(node.required) ? (node.required as string[]) : []);
  const names = Object.keys(properties);
  if (names.length === 0) return 'Record<string, JsonValue>';
  const inner = `${indent}  `;
  const lines = names.map((name) => {
    const property = properties[name] as JsonSchema | undefined;
    const doc = typeof property?.description === 'string' ? `${inner}/** ${property.description} */\n` : '';
    return `${doc}${inner}${JSON.stringify(name)}${required.has(name) ? '' : '?'}: ${typeOf(property, inner)};`;
  });
  return `{\n${lines.join('\n')}\n${indent}}`;
}

/**
 * kvprefix's TypeScript SDK renderer: a deterministic declaration of every given tool's arguments,
 * in the given (name) order. It is not DSH's generator (DSH also declares canonical output types,
 * which wire schemas do not carry), so its bytes differ from a recorded DSH head; it changes exactly
 * when the tool set or a schema changes, which is what a prefix comparison needs. Use
 * `pinnedSdkRenderer` to reproduce a recorded head.
 */
export const renderTypeScriptSdk: SdkRenderer = (tools) => {
  const entries = tools.map((tool) => `  /** ${tool.description} */\n  ${JSON.stringify(tool.name)}: ${typeOf(tool.parameters, '  ')};`);
  return [
    '## Writing code for run_code',
    'Call tools as `await tools.name(args)`. A failed call rejects with `ToolCallError`. Emit results with `return` or `console.log(...)`.',
    'The available tools:',
    '```ts\ntype JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue }',
    `interface ToolArgsMap {\n${entries.join('\n')}\n}`,
    'declare const tools: {\n  [K in keyof ToolArgsMap]: (args: ToolArgsMap[K]) => Promise<JsonValue>\n}\n```',
  ].join('\n\n');
};

/**
 * An SDK renderer that reproduces a recorded SDK section: it returns `pinnedText` for exactly the
 * recorded tool set, and defers to `fallback` (by default: refuses) for any other set, because DSH's
 * generated block cannot be rebuilt from wire schemas alone.
 */
export function pinnedSdkRenderer(pinnedText: string, pinnedToolNames: readonly string[], fallback?: SdkRenderer): SdkRenderer {
  const key = [...pinnedToolNames].sort().join('\n');
  return (tools) => {
    if ([...tools.map((tool) => tool.name)].sort().join('\n') === key) return pinnedText;
    if (fallback) return fallback(tools);
    throw new UsageError(
      'subagent/unpinned-sdk',
      `the recorded SDK section declares [${pinnedToolNames.join(', ')}] but this agent sees [${tools.map((tool) => tool.name).join(', ')}]: pass a fallback renderer to render other tool sets`,
    );
  };
}
