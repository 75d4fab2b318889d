import { settingRule } from './setting.js';

/** Fast mode switched on or off: the system prompt and the messages are keyed on the speed. */
export const speedRule = settingRule('speed-changed', 'the speed differs (`speed: "fast"` against standard)');

/** tool_choice set, changed or left out: the messages are keyed on it. */
export const toolChoiceRule = settingRule('tool-choice-changed', 'the tool_choice parameter differs');

/** Images in the prompt on one side only: the messages are keyed on whether the prompt holds any. */
export const imagesRule = settingRule('images-changed', 'one request holds images anywhere in its messages and the other none');

/** Thinking enabled, disabled or given another budget: the messages are keyed on it. */
export const thinkingRule = settingRule('thinking-changed', 'the thinking parameter differs (enabled, disabled, budget)');
