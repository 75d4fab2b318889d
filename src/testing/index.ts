// kvprefix/testing: a scripted language model and fixture-row helpers, for tests that run real code paths with no network.
export { chunksOfStep, lastMessageText, requestMentions, ScriptedModel, ScriptedModelError } from './scripted-model.js';
export type { ScriptedStep, ScriptedToolCall } from './scripted-model.js';
export { MIN_PACKED_RUN, toFixtureJsonl, toFixtureRows } from './fixture-rows.js';
export type { FixtureRow } from './fixture-rows.js';
