import { UsageError } from '../../../../prefix/index.js';
import type { ToolSchema } from '../../../model/language-model.js';
import { byName } from '../tool-order.js';
import { docLine, jsonSchemaToTypeScript, typeScriptKey } from './json-schema-type.js';
import { RECORDED_SDK_OUTPUT_TYPES } from './recorded-output-types.js';
import type { SdkBlockEntry } from './sdk-block.js';
import { JSON_VALUE_DECLARATION, SDK_DECLARATIONS_TAIL, SDK_INSTRUCTIONS } from './sdk-text.js';

/**
 * A tool as the SDK generator reads it: DSH's tool-schema row (`{name, description, parameters}`),
 * plus, optionally, the JSON Schema of its canonical output (DSH's `ToolSdkSchema.output`), which
 * wire schemas never carry.
 */
export interface SdkTool extends ToolSchema {
  readonly output?: Readonly<Record<string, unknown>>;
}

/** Options of `renderSdkSection`. */
export interface SdkSectionOptions {
  /**
   * The Code Mode presentation: `both` (run_code beside the ordinary schemas) or `code` (run_code
   * only). At the corpus revision both render the same block (the `both` advanced-toolchain pin and
   * the `code` code-mode-turn pin share every byte outside the tool entries); `code` differs in the
   * separate `tools:code-only` section, not here.
   */
  readonly codeMode: 'both' | 'code';
}

/** Where a tool's output type came from: its own output schema, a recorded DSH block, or neither (estimated). */
export type SdkOutputSource = 'schema' | 'recorded' | 'estimated';

/** One tool's entries and where its output type came from. */
export interface SdkToolEntry extends SdkBlockEntry {
  readonly outputSource: SdkOutputSource;
}

/**
 * The output type an unrecorded tool gets: any JSON value. DSH declares each tool's canonical output
 * schema, which a wire schema does not carry; `JsonValue` is the one type every such schema allows,
 * and the entry is reported as estimated.
 */
export const ESTIMATED_OUTPUT_TYPE = 'JsonValue';

/**
 * A tool's two SDK entries as DSH renders them: its description as a doc line above
 * `  name: <argument type>;`, and its output type from, in order, the tool's own `output` schema,
 * the output type recorded for that tool name in DSH's pinned SDK blocks, or `JsonValue`
 * (estimated).
 */
export function sdkToolEntry(tool: SdkTool): SdkToolEntry {
  const doc = docLine(tool.description, 1);
  const args = `${doc === undefined ? '' : `${doc}\n`}  ${typeScriptKey(tool.name)}: ${jsonSchemaToTypeScript(tool.parameters, 1)};`;
  if (tool.output !== undefined) return { name: tool.name, args, output: jsonSchemaToTypeScript(tool.output, 1), outputSource: 'schema' };
  const recorded = Object.hasOwn(RECORDED_SDK_OUTPUT_TYPES, tool.name) ? RECORDED_SDK_OUTPUT_TYPES[tool.name] : undefined;
  if (recorded !== undefined) return { name: tool.name, args, output: recorded, outputSource: 'recorded' };
  return { name: tool.name, args, output: ESTIMATED_OUTPUT_TYPE, outputSource: 'estimated' };
}

/**
 * Joins per-tool entries into the whole `tools:sdk` section, in DSH's order: entries sorted by name
 * in code-unit order (a tool's entries sit at the same place in both maps, so removing a tool removes
 * exactly its two entries), DSH's instructions above, its `ToolName`, `ToolCallError` and `tools`
 * declarations below.
 */
export function joinSdkEntries(entries: readonly SdkBlockEntry[]): string {
  const sorted = byName(entries);
  const map = (name: string, lines: readonly string[]): string => `interface ${name} {${lines.length > 0 ? `\n${lines.join('\n')}\n` : ''}}`;
  const argsMap = map('ToolArgsMap', sorted.map((entry) => entry.args));
  const outputMap = map('ToolOutputMap', sorted.map((entry) => `  ${typeScriptKey(entry.name)}: ${entry.output};`));
  return `${SDK_INSTRUCTIONS}\n\n\`\`\`ts\n${JSON_VALUE_DECLARATION}\n\n${argsMap}\n\n${outputMap}\n\n${SDK_DECLARATIONS_TAIL}\n\`\`\``;
}

/**
 * DSH's `tools:sdk` section for the tools an agent reaches from Code Mode (the caller leaves out
 * `run_code` itself). Byte for byte DSH's generator output for any tool set whose tools appear in
 * DSH's pinned heads; for a tool whose output type was never recorded and that carries no
 * `output` schema, the output entry is `JsonValue` — `sdkOutputEstimates` names those tools.
 */
export function renderSdkSection(tools: readonly SdkTool[], options: SdkSectionOptions): string {
  if (options.codeMode !== 'both' && options.codeMode !== 'code') {
    throw new UsageError('head/code-mode', `codeMode must be 'both' or 'code', got ${JSON.stringify(options.codeMode)}`);
  }
  const names = new Set<string>();
  for (const tool of tools) {
    if (names.has(tool.name)) throw new UsageError('head/duplicate-tool', `the SDK would declare tool '${tool.name}' twice: pass each tool once`);
    names.add(tool.name);
  }
  return joinSdkEntries(tools.map(sdkToolEntry));
}

/** The tools whose SDK output type `renderSdkSection` estimates (no `output` schema, never recorded), sorted by name. */
export function sdkOutputEstimates(tools: readonly SdkTool[]): string[] {
  return byName(tools.filter((tool) => sdkToolEntry(tool).outputSource === 'estimated')).map((tool) => tool.name);
}
