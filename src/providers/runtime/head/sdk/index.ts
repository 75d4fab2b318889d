// DSH's Code Mode SDK block (`tools:sdk`): rendered per tool from wire schemas and recorded output types, and parsed back into entries.
export { docLine, jsonSchemaToTypeScript, typeScriptKey, unsupportedSchemaConstruct } from './json-schema-type.js';
export { RECORDED_SDK_OUTPUT_TYPES } from './recorded-output-types.js';
export { ESTIMATED_OUTPUT_TYPE, joinSdkEntries, renderSdkSection, sdkOutputEstimates, sdkToolEntry } from './render-sdk-section.js';
export type { SdkOutputSource, SdkSectionOptions, SdkTool, SdkToolEntry } from './render-sdk-section.js';
export { recordedSdkRenderer } from './recorded-sdk-renderer.js';
export { parseSdkBlock } from './sdk-block.js';
export { pinnedSdkRenderer, renderTypeScriptSdk } from './sdk-renderer.js';
export type { SdkRenderer } from './sdk-renderer.js';
export type { SdkBlock, SdkBlockEntry } from './sdk-block.js';
