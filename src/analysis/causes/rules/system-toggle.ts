import type { CauseContext, CauseFinding, CauseRule } from '../cause-rule.js';
import { DIVERGENCE_CAUSE_FACTS } from '../divergence-cause.js';
import type { HeadTool } from '../head-view.js';
import { WEB_SEARCH_TOOL } from '../setting-causes.js';
import { quote } from '../wording.js';
import { settingChange } from './setting.js';

/** True when a tool's bytes are Anthropic's web search server tool. */
function isWebSearch(tool: HeadTool): boolean {
  try {
    const type: unknown = (JSON.parse(tool.text) as { type?: unknown }).type;
    return typeof type === 'string' && WEB_SEARCH_TOOL.test(type);
  } catch {
    return false;
  }
}

/**
 * Web search switched on or off: its server tool is added to or removed from `tools`. kvprefix keeps
 * the tool's bytes where the body puts them, so the prefix breaks at that tool (after every tool
 * before it: all the others when it comes last, as a toggle appends it).
 */
function webSearchToggle(context: CauseContext): CauseFinding | null {
  const { parent, child, tools, partRank } = context.head;
  const added = tools.added.find((tool) => isWebSearch(child.tools[tool.index]!));
  const removed = tools.removed.find((tool) => isWebSearch(parent.tools[tool.index]!));
  const change = added ? { tool: added, how: 'enabled', side: 'child' as const } : removed ? { tool: removed, how: 'disabled', side: 'parent' as const } : undefined;
  if (!change) return null;
  return {
    name: change.tool.name,
    detail: `web search is ${change.how} (server tool ${quote(change.tool.name)}; Anthropic's "Web search toggle" row): it modifies the system prompt, so the system prompt and every message are prefilled again`,
    position: [partRank.tools, change.tool.index],
    side: change.side,
  };
}

/** Web search or citations switched on or off: Anthropic's system-level toggles. */
export const systemToggleRule: CauseRule = {
  cause: 'system-toggle-changed',
  ...DIVERGENCE_CAUSE_FACTS['system-toggle-changed'],
  when: 'web search (its server tool) or citations are enabled on one side only',
  attribute(context) {
    const webSearch = webSearchToggle(context);
    const citations = settingChange(context, 'system-toggle-changed');
    // Both toggled: the one that shows first in wire order (the tool comes before the system prompt).
    return webSearch ?? citations;
  },
};
