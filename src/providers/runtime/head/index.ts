// Head assembly: prompt sections and their orders, DSH's texts, tool visibility, Code Mode and its SDK block, recorded heads split back into sections.
export { assembleHead, SECTION_JOIN } from './assemble-head.js';
export type { AssembledHead, HeadInputs } from './assemble-head.js';
export { codeModeSections } from './code-mode.js';
export type { CodeModeComposition } from './code-mode.js';
export {
  CODE_ONLY_INSTRUCTION,
  DELEGATION_STATEMENT,
  HARNESS_IDENTITY,
  REPORT_OUTPUT_DESCRIPTION,
  REPORT_SECTION_TEXT,
  REPORT_TOOL_DESCRIPTION,
  RUNTIME_CONTEXT_PLUGIN,
  RUNTIME_CONTEXT_PREAMBLE,
  STRUCTURED_OUTPUT_DESCRIPTION,
  STRUCTURED_OUTPUT_INSTRUCTION,
} from './dsh-texts.js';
export { interpolate } from './interpolate.js';
export { DSH_SECTION_MARKERS, splitRenderedPrompt } from './pinned-head.js';
export type { SectionMarker } from './pinned-head.js';
export type { AssembledSection, PromptContext, PromptSection, SectionContext, SectionText } from './prompt-section.js';
export { latestSnapshot, renderContexts, snapshotMessage } from './runtime-context.js';
export type { ContextSnapshotSection } from './runtime-context.js';
export { pinnedSdkRenderer, renderTypeScriptSdk } from './sdk-renderer.js';
export type { SdkRenderer } from './sdk-renderer.js';
export { SECTION_ORDERS, SUBAGENT_SECTION_ORDER } from './section-orders.js';
export { passesFilter, validateToolFilter } from './tool-filter.js';
export type { ToolFilter } from './tool-filter.js';
export { byName, schemaOf } from './tool-order.js';
export { buildToolVisibility } from './tool-visibility.js';
export type { ToolPresentation, ToolVisibility, VisibilityInputs } from './tool-visibility.js';
