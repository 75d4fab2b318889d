// Wire-body readers: captured OpenAI/DeepSeek chat and Anthropic messages bodies → hashed requests.
export { detectWireFormat, findRequestBodies, readRequestBody, readRequestFile, WIRE_FORMATS } from './wire/index.js';
export type { DetectedWire, FoundBody, ReadRequestBodyOptions, ReadRequestFileOptions, WireFormat, WireProvider, WireRequest } from './wire/index.js';
// Causes: what a divergence means (route, persona, tool filter, report tool, task, …).
export { attributeDivergence, DIVERGENCE_CAUSES, inferCause } from './causes/index.js';
export type { AttributedDivergence, DivergenceCause } from './causes/index.js';
