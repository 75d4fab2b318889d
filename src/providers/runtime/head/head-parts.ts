import type { RequestParts, ToolPart } from '../../../prefix/index.js';
import type { ToolSchema } from '../../model/language-model.js';
import { toolSchemaToChatWire } from '../../session/index.js';
import type { AssembledHead } from './assemble-head.js';

/** A tool as a request part: its chat wire schema under its name. */
export function toolPart(tool: ToolSchema): ToolPart {
  return { name: tool.name, schema: toolSchemaToChatWire(tool) };
}

/**
 * A head as the prefix engine's request parts: each section a system part under its name (the
 * generated Code Mode block, `tools:sdk`, an `sdk` part), each tool its chat wire schema. Every
 * request the runtime records, and every head the guard compares, is rendered from these parts by
 * `renderRequest`, which alone decides the wire order. `tools` converts a tool (a caller that renders
 * the same tools again passes a memoised `toolPart`).
 */
export function headParts(head: Pick<AssembledHead, 'sections' | 'tools'>, tools: (tool: ToolSchema) => ToolPart = toolPart): Pick<RequestParts, 'system' | 'tools'> {
  return {
    system: head.sections.map((section) => ({ name: section.name, text: section.text, kind: section.name === 'tools:sdk' ? ('sdk' as const) : ('system' as const) })),
    tools: head.tools.map(tools),
  };
}
