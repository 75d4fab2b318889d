import { describe, expect, it } from 'vitest';
import type { ModelRequest } from '../src/providers/model/index.js';
import { REPORT_SECTION_TEXT } from '../src/providers/runtime/index.js';
import { ScriptedModel, type ScriptedStep } from '../src/testing/index.js';
import { callStep, settleAll, smallHost, textStep } from './support/runtime-scenario.js';

const isChild = (request: ModelRequest) => request.system.includes(REPORT_SECTION_TEXT);
const child = (step: ScriptedStep): ScriptedStep => ({ ...step, match: isChild });
const parent = (step: ScriptedStep): ScriptedStep => ({ ...step, match: (request) => !isChild(request) });

describe('driver: how a settlement notice reaches the parent', () => {
  it('a busy parent gets the notice as input for its next step, in the same turn (DSH steers a running parent instead of queueing a turn)', async () => {
    let settled!: () => void;
    const childSettled = new Promise<void>((resolve) => (settled = resolve));
    const model = new ScriptedModel([
      // The parent is mid-step while the child finishes.
      parent({ ...callStep('note', { text: 'working' }), before: () => childSettled }),
      child(textStep('CHILD_OK')),
      parent({ ...textStep('saw the notice'), expect: (request) => JSON.stringify(request.messages.at(-1)).includes('finished and will do no further work') }),
    ]);
    const { host, createParent } = smallHost(model);
    const top = createParent();
    top.followup([{ type: 'text', text: 'Work while the child runs.' }]);
    const started = await host.subagents.startContinuable('spawn', { parent: top, prompt: [{ type: 'text', text: 'Reply CHILD_OK.' }], label: 'Child', signal: new AbortController().signal });
    void started.settled.then(settled);
    await settleAll(host);
    model.assertConsumed();
    const turns = top.session.events.filter((event) => event.type === 'turn/start');
    expect(turns).toHaveLength(1);
    const splice = top.session.events.find((event) => event.type === 'agent/inbox/spliced' && JSON.stringify(event.data).includes('subagent-settled'));
    expect(splice?.data).toMatchObject({ target: 'next-step' });
  });
});
