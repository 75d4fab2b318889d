// Head assembly: prompt sections and their orders, DSH's texts, tool visibility, Code Mode and its SDK block, recorded heads split back into sections.
export { headParts, toolPart } from './head-parts.js';
export { assembleHead, SECTION_JOIN } from './assemble-head.js';
export type { AssembledHead, HeadInputs } from './assemble-head.js';
export { codeModeSections } from './code-mode.js';
export type { CodeModeComposition } from './code-mode.js';
export {
  APPROVAL_NEVER_CONTEXT,
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
export type { SectionMarker, SplitPromptOptions } from './pinned-head.js';
export type { AssembledSection, PromptContext, PromptSection, SectionContext, SectionText } from './prompt-section.js';
export { latestSnapshot, renderContexts, snapshotMessage } from './runtime-context.js';
export type { ContextSnapshotSection } from './runtime-context.js';
export { SECTION_ORDERS, SECTION_TOOL_GATES, SUBAGENT_SECTION_ORDER } from './section-orders.js';
export { passesFilter, validateToolFilter } from './tool-filter.js';
export type { ToolFilter } from './tool-filter.js';
export { byName, schemaOf } from './tool-order.js';
export { buildToolVisibility } from './tool-visibility.js';
export type { ToolPresentation, ToolVisibility, VisibilityInputs } from './tool-visibility.js';
export {
  ESTIMATED_OUTPUT_TYPE,
  joinSdkEntries,
  jsonSchemaToTypeScript,
  parseSdkBlock,
  pinnedSdkRenderer,
  RECORDED_SDK_OUTPUT_TYPES,
  recordedSdkRenderer,
  renderSdkSection,
  renderTypeScriptSdk,
  sdkOutputEstimates,
  sdkToolEntry,
  unsupportedSchemaConstruct,
} from './sdk/index.js';
export type { SdkBlock, SdkBlockEntry, SdkOutputSource, SdkRenderer, SdkSectionOptions, SdkTool, SdkToolEntry } from './sdk/index.js';
