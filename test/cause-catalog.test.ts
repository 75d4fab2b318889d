import { describe, expect, it } from 'vitest';
import { CAUSE_CATALOG, HEAD_CAUSES, SHARED_BEFORE_CHANGE, UNBROKEN_CAUSES, WHOLE_REQUEST_SHARED } from '../src/analysis/causes/cause-catalog.js';
import { CAUSE_RULES } from '../src/analysis/causes/cause-rules.js';
import { DIVERGENCE_CAUSE_FACTS } from '../src/analysis/causes/divergence-cause.js';
import { LOG_CAUSES } from '../src/analysis/causes/log-cause.js';
import { lossCauseFrom } from '../src/analysis/causes/loss-cause.js';
import { REPLAY_CAUSES } from '../src/analysis/causes/replay-causes.js';
import { breaksUnder } from '../src/analysis/watch/run-verdict.js';

// Issue 26 §3: each cause is declared once with what it means for the cache; the lists the loss
// table, the run verdict, the watch and the unread-prefix explanation use are derived from it.
describe('the cause catalog', () => {
  it('names every cause once: the rules, the replay causes and the log causes', () => {
    const names = CAUSE_CATALOG.map((entry) => entry.cause);
    expect(new Set(names).size).toBe(names.length);
    for (const rule of CAUSE_RULES) expect(names).toContain(rule.cause);
    for (const cause of REPLAY_CAUSES) expect(names).toContain(cause.cause);
    for (const cause of Object.keys(LOG_CAUSES)) expect(names).toContain(cause);
  });

  it('each rule carries the facts declared for its cause', () => {
    for (const rule of CAUSE_RULES) {
      const declared = DIVERGENCE_CAUSE_FACTS[rule.cause];
      expect({ where: rule.where, cacheClass: rule.cacheClass, breaks: rule.breaks, claimsShared: rule.claimsShared }).toEqual(declared);
    }
  });

  it('ttl, a replay cause and a log cause, has the same facts in both', () => {
    const replay = REPLAY_CAUSES.find((cause) => cause.cause === 'ttl')!;
    expect({ breaks: LOG_CAUSES.ttl.breaks, claimsShared: LOG_CAUSES.ttl.claimsShared, inHead: LOG_CAUSES.ttl.inHead }).toEqual({ breaks: replay.breaks, claimsShared: replay.claimsShared, inHead: false });
  });

  it('the head causes are the head rules and the log causes at the top of a request', () => {
    expect([...HEAD_CAUSES].sort()).toEqual(['developer-message', 'output-contract', 'persona', 'report-tool', 'sdk', 'speed-changed', 'system', 'system-toggle-changed', 'tool-filter', 'tools', 'turn-context']);
  });

  it('a repeat, an extension and a sibling task break nothing; the shared-prefix claims are the ones the sentences make', () => {
    expect([...UNBROKEN_CAUSES].sort()).toEqual(['extension', 'identical', 'task']);
    expect([...WHOLE_REQUEST_SHARED].sort()).toEqual(['extension', 'identical']);
    expect([...SHARED_BEFORE_CHANGE].sort()).toEqual(['history', 'images-changed', 'runtime-context', 'task', 'thinking-changed', 'tool-choice-changed']);
  });

  it('the loss table and --fail-on lost-head agree on a Codex developer-message change: it loses the head', () => {
    expect(lossCauseFrom('developer-message', false, false)).toBe('head-change');
    expect(breaksUnder('developer-message', 'lost-head')).toBe(true);
    expect(breaksUnder('extension', 'any-break')).toBe(false);
    expect(breaksUnder('ttl', 'any-break')).toBe(true);
    expect(breaksUnder('ttl', 'lost-head')).toBe(false);
  });
});
