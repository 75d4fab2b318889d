export { chunksOfStep, lastMessageText, requestMentions, ScriptedModel, ScriptedModelError } from './scripted-model.js';
export type { ScriptedStep, ScriptedToolCall } from './scripted-model.js';
