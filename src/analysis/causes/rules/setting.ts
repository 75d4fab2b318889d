import type { PrefixRequest } from '../../../prefix/index.js';
import type { CauseContext, CauseFinding, CauseRule } from '../cause-rule.js';
import { DIVERGENCE_CAUSE_FACTS, type DivergenceCause } from '../divergence-cause.js';
import { KEYED_SETTINGS, settingHeads, type KeyedSettingName } from '../setting-causes.js';

/** The keyed settings of a request, by name (the reader gives each one segment of kind `setting`). */
function settingsOf(request: PrefixRequest): Map<string, string> {
  const settings = new Map<string, string>();
  for (const segment of request.segments) {
    if (segment.kind === 'setting' && segment.key !== undefined) settings.set(segment.name, segment.key);
    // Settings head the system prompt or the messages: none follows a message.
    else if (segment.kind === 'message' || segment.kind === 'task') break;
  }
  return settings;
}

/** What the cache keeps and loses when a setting that heads `part` changes. */
const CONSEQUENCE = {
  system: 'the system prompt and every message are prefilled again; the tools stay cached',
  messages: 'every message is prefilled again; the tools and the system prompt stay cached',
} as const;

/**
 * The first of `cause`'s settings (`KEYED_SETTINGS`, in table order) that the two requests hold
 * differently, said as "tool_choice: not set → {"type":"any"}" with what that loses. The side is the
 * one that holds the setting (the child when both do). Null when all of them agree.
 */
export function settingChange(context: CauseContext, cause: DivergenceCause): CauseFinding | null {
  const before = settingsOf(context.parent);
  const after = settingsOf(context.child);
  for (const name of Object.keys(KEYED_SETTINGS) as KeyedSettingName[]) {
    const setting = KEYED_SETTINGS[name];
    if (setting.cause !== cause) continue;
    const was = before.get(name);
    const now = after.get(name);
    if (was === now) continue;
    const heads = settingHeads(name);
    return {
      name,
      detail: `${setting.noun}: ${was ?? 'not set'} → ${now ?? 'not set'} (Anthropic's "${setting.row}" row): ${CONSEQUENCE[heads]}`,
      side: now === undefined ? 'parent' : 'child',
      // Settings that head the system prompt come after the tools and before its first section.
      ...(heads === 'system' ? { position: [context.head.partRank.sections - 0.5, 0] as const } : {}),
    };
  }
  return null;
}

/** The rule of a cause whose every change is a keyed setting's. */
export function settingRule(cause: DivergenceCause, when: string): CauseRule {
  return { cause, ...DIVERGENCE_CAUSE_FACTS[cause], when, attribute: (context) => settingChange(context, cause) };
}
