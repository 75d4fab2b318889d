import { InputError, UsageError } from '../../../prefix/index.js';
import type { ToolSchema } from '../../model/language-model.js';
import type { CodeModeComposition } from '../head/code-mode.js';
import { splitRenderedPrompt } from '../head/pinned-head.js';
import type { AssembledSection, PromptContext, PromptSection } from '../head/prompt-section.js';
import { SECTION_TOOL_GATES } from '../head/section-orders.js';
import type { ContextSnapshotSection } from '../head/runtime-context.js';
import { parseSdkBlock } from '../head/sdk/sdk-block.js';
import { recordedSdkRenderer } from '../head/sdk/recorded-sdk-renderer.js';
import { pinnedSdkRenderer, renderTypeScriptSdk, type SdkRenderer } from '../head/sdk/sdk-renderer.js';
import type { HostComposition } from '../loop/agent-contract.js';
import type { ToolDefinition } from '../loop/tool-contract.js';
import { schemaOnlyTool } from '../loop/tool-definition.js';

/** A recorded request head (a pin, or a logged `request/header`) and what else the recording shows. */
export interface RecordedHead {
  /** The rendered system prompt. */
  readonly system: string;
  /** The wire tool schemas, in recorded order. */
  readonly tools: readonly ToolSchema[];
  /** Where the head came from, for error messages. */
  readonly source: string;
  /** The runtime contexts of the recording's snapshot message, in order, if it has one. */
  readonly contexts?: readonly ContextSnapshotSection[];
  /** Executors to attach by tool name (the rest stay schema-only). */
  readonly executors?: ReadonlyMap<string, ToolDefinition>;
  /** Whether the recorded deployment composed the approval capability. */
  readonly approvalComposed?: boolean;
  /** The head is one complete persona (DSH `complete: true`, e.g. the `minimal` preset). */
  readonly completePersona?: boolean;
  /** False when the recorded deployment suppressed runtime-context snapshots (`includeRuntimeContext: false`). */
  readonly includeRuntimeContext?: boolean;
}

/**
 * A recorded section as the composition registers it: verbatim, complete when it is a complete
 * persona, and rendered only while its tool is visible when DSH gates it (`SECTION_TOOL_GATES`:
 * `context:file-reference` needs `read`).
 */
function recordedSection(section: AssembledSection, complete: boolean): PromptSection {
  const gate = Object.hasOwn(SECTION_TOOL_GATES, section.name) ? SECTION_TOOL_GATES[section.name] : undefined;
  return {
    name: section.name,
    order: section.order,
    text: gate === undefined ? section.text : (context) => (context.visibleToolNames.has(gate) ? section.text : ''),
    verbatim: true,
    ...(complete ? { complete: true } : {}),
  };
}

/** Name of Code Mode's reserved transport. */
const RUN_CODE = 'run_code';

/** Spacing of reconstructed context orders: the recording gives their sequence, not their numbers. */
const CONTEXT_ORDER_STEP = 100;

/** The SDK renderer of a recorded block: DSH's per-tool entries when DSH wrote it, else the whole block for the recorded set only. */
function sdkRendererOf(block: string, recordedNames: readonly string[], source: string, codeOnly: boolean): SdkRenderer {
  try {
    return recordedSdkRenderer(block);
  } catch (error) {
    if (!(error instanceof InputError && error.code === 'head/sdk-block')) throw error;
    if (codeOnly) throw new UsageError('head/code-mode', `${source}: the tools:sdk block is not DSH's generator output (${error.message}), so a Code Mode 'code' head's tools cannot be read from it`);
    return pinnedSdkRenderer(block, recordedNames, renderTypeScriptSdk);
  }
}

/** The end tools a Code Mode `code` head declares, read from its SDK block (their schemas are on no wire). */
function sdkDeclaredTools(block: string): ToolSchema[] {
  return parseSdkBlock(block).entries.map((entry) => {
    const doc = /^ {2}\/\*\* (.*) \*\/\n/.exec(entry.args);
    // The SDK keeps a one-line description and the argument type, not the JSON Schema: the
    // renderer reuses the recorded entry, so `parameters` is never rendered for these tools.
    return { name: entry.name, description: doc?.[1]?.replaceAll('*\\/', '*/') ?? '', parameters: { type: 'object' } };
  });
}

/**
 * Rebuilds the global composition a recorded head came from: its system prompt split into DSH's
 * ordered sections (`splitRenderedPrompt`), its tools as schema-only definitions (or the given
 * executors), and, when the head carries the `run_code` transport, a Code Mode composition:
 * `both` when other tools are on the wire beside it, `code` when the head has the
 * `tools:code-only` rule or `run_code` alone (its end tools are then read from the SDK block). The
 * SDK section keeps the recorded per-tool entries and renders any other tool from its schema, so
 * a filtered child gets DSH's block for its subset. Assembling the result for an agent with an
 * empty scope gives back the recorded head byte for byte, which is what lets a child head be
 * predicted from its parent's.
 */
export function compositionFromHead(head: RecordedHead): HostComposition {
  const sections = splitRenderedPrompt(head.system, head.source, undefined, head.completePersona ? { completePersona: true } : {});
  const withExecutor = (schema: ToolSchema): ToolDefinition => {
    const executor = head.executors?.get(schema.name);
    return executor ? { ...executor, name: schema.name, description: schema.description, parameters: schema.parameters } : schemaOnlyTool(schema);
  };
  const transportSchema = head.tools.find((tool) => tool.name === RUN_CODE);
  let codeMode: CodeModeComposition<ToolDefinition> | undefined;
  let globalSections = sections;
  let tools: readonly ToolSchema[] = head.tools;
  if (transportSchema) {
    const sdk = sections.find((section) => section.name === 'tools:sdk');
    if (!sdk) throw new UsageError('head/code-mode', `${head.source}: the head carries run_code but no tools:sdk section`);
    const codeOnly = sections.find((section) => section.name === 'tools:code-only');
    const presentation = codeOnly !== undefined || head.tools.length === 1 ? 'code' : 'both';
    const renderSdk = sdkRendererOf(sdk.text, head.tools.filter((tool) => tool.name !== RUN_CODE).map((tool) => tool.name), head.source, presentation === 'code');
    tools = presentation === 'code' ? sdkDeclaredTools(sdk.text) : head.tools.filter((tool) => tool.name !== RUN_CODE);
    codeMode = {
      presentation,
      transport: withExecutor(transportSchema),
      renderSdk,
      ...(codeOnly === undefined ? {} : { codeOnlyInstruction: codeOnly.text }),
    };
    globalSections = sections.filter((section) => section.name !== 'tools:sdk' && section.name !== 'tools:code-only');
  }
  const contexts: PromptContext[] = (head.contexts ?? []).map((context, index) => ({ name: context.name, order: (index + 1) * CONTEXT_ORDER_STEP, text: context.text }));
  return {
    sections: globalSections.map((section) => recordedSection(section, head.completePersona === true)),
    tools: tools.map(withExecutor),
    contexts,
    ...(codeMode ? { codeMode } : {}),
    ...(head.approvalComposed ? { approvalComposed: true } : {}),
    ...(head.includeRuntimeContext === false ? { includeRuntimeContext: false } : {}),
  };
}
