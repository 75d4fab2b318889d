// Wire-body readers: captured OpenAI Chat and Responses, DeepSeek chat, Anthropic Messages and Bedrock
// Converse bodies (JSON or YAML, alone or inside recorded exchanges) → hashed requests, with the provider each names.
export { BodyLocation, describeJsonValue, isJsonObject } from './body-fields.js';
export type { JsonObject } from './body-fields.js';
export { splitBreakpoint, splitMessageBreakpoints } from './cache-control.js';
export type { CacheControl, SplitBreakpoint } from './cache-control.js';
export { readAnthropicBody } from './anthropic-body.js';
export { readChatBody } from './chat-body.js';
export { converseModelOf, readConverseBody } from './converse-body.js';
export { readResponsesBody } from './responses-body.js';
export { lineAndColumn, locateJsonError } from './json-error-location.js';
export type { JsonSyntaxProblem } from './json-error-location.js';
export { parseJsonText } from './parse-json-text.js';
export { findRequestBodies } from './recorded-exchange.js';
export type { FoundBody } from './recorded-exchange.js';
export { readRequestBody } from './read-request-body.js';
export type { ReadRequestBodyOptions, WireRequest } from './read-request-body.js';
export { readRequestFile } from './read-request-file.js';
export type { ReadRequestFileOptions } from './read-request-file.js';
export { detectWireFormat, WIRE_FORMATS } from './wire-format.js';
export type { DetectedWire, WireFormat, WireProvider } from './wire-format.js';
export { parseYamlText } from './parse-yaml-text.js';
export { detectProvider } from './detect-provider.js';
export type { DetectedProvider, ProviderBasis } from './detect-provider.js';
