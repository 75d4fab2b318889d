/** Test support (not a test file): a delegating parent for guard decisions, with one completed turn of history. */
import type { ParentSetup } from '../../src/analysis/index.js';
import type { HostComposition } from '../../src/providers/index.js';
import { smallComposition } from './runtime-scenario.js';

/** A parent on `host` (default `smallComposition`) that remembered a fruit: what a fork child inherits. */
export function guardParent(host: HostComposition = smallComposition(), reportChannel = true): ParentSetup {
  return {
    host,
    route: { provider: 'deepseek-official', model: 'deepseek-v4-flash' },
    cwd: '/work/project',
    reportChannel,
    history: [
      { role: 'user', content: [{ type: 'text', text: 'Remember the fruit QUINCE.' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'Noted: QUINCE.' }] },
    ] as unknown as ParentSetup['history'],
  };
}
