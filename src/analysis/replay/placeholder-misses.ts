import type { SessionAnalysis } from '../result/session-analysis.js';

/** Observed input total of a request: uncached + read + written. */
function observedTotal(observed: NonNullable<SessionAnalysis['requests'][number]['observed']>): number {
  return observed.uncached + observed.cacheRead + observed.cacheWrite;
}

/**
 * A note for a tree whose log carries placeholders (`{{system}}`/`{{tools}}` resolved from pins
 * written later, or `{{cwd}}`): the requests whose predicted total misses the logged one, said to be
 * drift of the log rather than error of the model, so a reader does not take them for it. DSH edited
 * its recorded fixtures after recording and kept the old usage (shared/DESIGN.md, "Fixtures drifted;
 * the model did not"). Empty when the log has no placeholders or nothing misses.
 */
export function placeholderMissNote(sessions: readonly SessionAnalysis[], hasPlaceholders: boolean): string[] {
  if (!hasPlaceholders) return [];
  let observed = 0;
  let missed = 0;
  for (const session of sessions) {
    for (const request of session.requests) {
      if (request.observed === null) continue;
      observed++;
      if (request.tokens !== observedTotal(request.observed)) missed++;
    }
  }
  if (missed === 0) return [];
  return [
    `${missed} of ${observed} observed requests miss their logged input total: this log carries placeholders ({{system}}/{{tools}} resolved from later pins, or {{cwd}}), so the request rebuilt from it is not byte for byte the one the provider counted; read these misses as drift of the log, not as model error`,
  ];
}
