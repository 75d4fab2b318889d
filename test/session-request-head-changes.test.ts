import { expect, it } from 'vitest';
import { InputError } from '../src/prefix/index.js';
import { isEventType, parseSystemPromptPin, readSessionLog, resolveRequestHead, type HeadPins } from '../src/providers/session/index.js';
import { corpusPath, describeWithCorpus } from './support/corpus.js';

// headless-profile logs an `initial` and a `change` request/header, both with {{system}} and {{tools}};
// the corpus keeps no pin for it, so the pins here are invented (two prompts, the later one changed).
const LOG = 'dsh/examples/headless-agent/tests/snapshots/headless-profile/session.expected.jsonl';
const TOOLS: HeadPins['tools'] = { initial: [], changes: [[]] };

async function heads(pins: HeadPins) {
  const log = await readSessionLog(corpusPath(LOG));
  const headers = log.events.filter((entry) => isEventType(entry, 'request/header'));
  expect(headers.map((entry) => entry.event.data.reason)).toEqual(['initial', 'change']);
  return headers.map((header) => () => resolveRequestHead(log.events, header, pins, 'headless-profile'));
}

describeWithCorpus('dsh', 'a change request/header with {{system}}', () => {
  it("takes the changed prompt from the pin's changes, and the initial header the initial prompt", async () => {
    const system = parseSystemPromptPin('FIRST PROMPT\n\n<!-- system/message change 1 -->\n\nSECOND PROMPT\n');
    const [initial, change] = await heads({ system, tools: TOOLS });
    expect(initial!().system).toBe('FIRST PROMPT');
    expect(change!().system).toBe('SECOND PROMPT');
  });

  it('keeps the one pinned prompt for every header when the pin records no change', async () => {
    const [initial, change] = await heads({ system: parseSystemPromptPin('ONLY PROMPT\n'), tools: TOOLS });
    expect(initial!().system).toBe('ONLY PROMPT');
    expect(change!().system).toBe('ONLY PROMPT');
  });

  it('refuses a change header the pin has no prompt for, instead of reusing an earlier one', async () => {
    const system = { initial: 'A', changes: ['B'] };
    const log = await readSessionLog(corpusPath(LOG));
    const header = log.events.filter((entry) => isEventType(entry, 'request/header'))[1]!;
    // An earlier copy of the change header makes the real one the log's second change.
    const at = log.events.indexOf(header);
    const doubled = [...log.events.slice(0, at), { ...header, seq: header.seq - 0.5 }, ...log.events.slice(at)];
    expect(() => resolveRequestHead(doubled, header, { system, tools: { initial: [], changes: [[], []] } }, 'x')).toThrow(InputError);
    expect(() => resolveRequestHead(doubled, header, { system, tools: { initial: [], changes: [[], []] } }, 'x')).toThrow(/change header #2 and the system-prompt pin \(given\) has only 1 changes/);
  });
});
