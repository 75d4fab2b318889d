import type { CauseRule } from './cause-rule.js';
import { extensionRule } from './rules/extension.js';
import { historyRule } from './rules/history.js';
import { imagesRule, speedRule, thinkingRule, toolChoiceRule } from './rules/keyed-settings.js';
import { outputContractRule } from './rules/output-contract.js';
import { personaRule } from './rules/persona.js';
import { reportToolRule } from './rules/report-tool.js';
import { routeRule } from './rules/route.js';
import { runtimeContextRule } from './rules/runtime-context.js';
import { sdkRule } from './rules/sdk.js';
import { systemRule } from './rules/system.js';
import { systemToggleRule } from './rules/system-toggle.js';
import { taskRule } from './rules/task.js';
import { toolFilterRule } from './rules/tool-filter.js';
import { toolsRule } from './rules/tools.js';

/**
 * The cause rules, in order. Among head rules the change that shows first in wire order wins and
 * this order breaks ties (the DSH-specific ones first: a `report` tool and its section are one
 * change, a continuable child); among message rules the first that applies wins. `system`, `tools`
 * and `history` are the general cases after the specific ones. Anthropic's keyed settings come
 * before them: a web search server tool added is a toggle before it is a tool, and a setting that
 * heads the messages differs before any message does.
 */
export const CAUSE_RULES: readonly CauseRule[] = [
  routeRule,
  reportToolRule,
  outputContractRule,
  personaRule,
  sdkRule,
  systemToggleRule,
  speedRule,
  toolFilterRule,
  toolsRule,
  systemRule,
  toolChoiceRule,
  imagesRule,
  thinkingRule,
  extensionRule,
  runtimeContextRule,
  taskRule,
  historyRule,
];
