// The in-process agent host (composition, model, agent registry, subagent service) and the composition a recorded head came from.
export { AgentHost, assertHostComposition } from './host.js';
export type { AgentHostOptions, CreateAgentOptions } from './host.js';
export { compositionFromHead } from './recorded-composition.js';
export type { RecordedHead } from './recorded-composition.js';
