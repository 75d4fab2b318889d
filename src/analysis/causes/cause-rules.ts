import type { CauseRule } from './cause-rule.js';
import { extensionRule } from './rules/extension.js';
import { historyRule } from './rules/history.js';
import { outputContractRule } from './rules/output-contract.js';
import { personaRule } from './rules/persona.js';
import { reportToolRule } from './rules/report-tool.js';
import { routeRule } from './rules/route.js';
import { runtimeContextRule } from './rules/runtime-context.js';
import { sdkRule } from './rules/sdk.js';
import { systemRule } from './rules/system.js';
import { taskRule } from './rules/task.js';
import { toolFilterRule } from './rules/tool-filter.js';
import { toolsRule } from './rules/tools.js';

/**
 * The cause rules, in order. Among head rules the change that shows first in wire order wins and
 * this order breaks ties (the DSH-specific ones first: a `report` tool and its section are one
 * change, a continuable child); among message rules the first that applies wins. `system`, `tools`
 * and `history` are the general cases after the specific ones.
 */
export const CAUSE_RULES: readonly CauseRule[] = [
  routeRule,
  reportToolRule,
  outputContractRule,
  personaRule,
  sdkRule,
  toolFilterRule,
  toolsRule,
  systemRule,
  extensionRule,
  runtimeContextRule,
  taskRule,
  historyRule,
];
