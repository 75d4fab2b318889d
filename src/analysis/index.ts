// Wire-body readers: captured OpenAI/DeepSeek chat and Anthropic messages bodies → hashed requests.
export { detectWireFormat, findRequestBodies, readRequestBody, readRequestFile, WIRE_FORMATS } from './wire/index.js';
export type { DetectedWire, FoundBody, ReadRequestBodyOptions, ReadRequestFileOptions, WireFormat, WireProvider, WireRequest } from './wire/index.js';
