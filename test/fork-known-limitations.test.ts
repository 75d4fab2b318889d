import { describe, expect, it } from 'vitest';
import { createForkProvider, REPORT_SECTION_TEXT, REPORT_TOOL_SCHEMA } from '../src/providers/runtime/index.js';
import type { ModelRequest } from '../src/providers/model/index.js';
import { ScriptedModel, type ScriptedStep } from '../src/testing/index.js';
import { itWithCorpus } from './support/corpus.js';
import { allDelegationRows } from './support/runtime-cordis-rows.js';
import { prompt, settleAll, smallHost, textStep } from './support/runtime-scenario.js';
import { compareWithCause } from './support/compare-with-cause.js';

const isChild = (request: ModelRequest) => request.system.includes(REPORT_SECTION_TEXT);
const parentStep = (step: ScriptedStep): ScriptedStep => ({ ...step, match: (request) => !isChild(request) });
const childStep = (step: ScriptedStep): ScriptedStep => ({ ...step, match: isChild });

describe('fork: Known Limitations', () => {
  it('the seed is a one-time snapshot — the child sees the parent\'s completed turns as of the fork and nothing the parent logs afterwards', async () => {
    const model = new ScriptedModel([
      parentStep(textStep('Noted: the first code is ALPHA.')),
      childStep(textStep('child turn 1')),
      // The child's settlement notice opens a parent turn of its own.
      parentStep(textStep('Noted: the child finished.')),
      parentStep(textStep('Noted: the second code is BRAVO.')),
      childStep(textStep('child turn 2')),
      parentStep(textStep('Noted: the child finished again.')),
    ]);
    const { host, createParent } = smallHost(model);
    const parent = createParent();
    await prompt(parent, 'The first code is ALPHA.');
    const child = await host.subagents.startContinuable('fork', { parent, prompt: [{ type: 'text', text: 'What codes do you know?' }], signal: new AbortController().signal });
    await child.settled;
    // The parent completes another turn; the settled (unloaded) continuable child then gets more work,
    // which resumes it and is announced to the parent again.
    await prompt(parent, 'The second code is BRAVO.');
    child.send([{ type: 'text', text: 'Any new codes?' }]);
    await settleAll(host);
    model.assertConsumed();
    const later = JSON.stringify(child.agent.requests.at(-1)!.model.messages);
    expect(later).toContain('ALPHA');
    expect(later).not.toContain('BRAVO');
    expect(child.agent.session.header.seedLength).toBe(parent.session.events.findIndex((event) => event.type === 'turn/end') + 1);
  });

  it('`prepareContinuable` captures its seed once, when it is called: later parent writes never reach the prepared spec', async () => {
    const model = new ScriptedModel([textStep('one'), textStep('two')]);
    const { createParent } = smallHost(model);
    const parent = createParent();
    await prompt(parent, 'first');
    const spec = createForkProvider().prepareContinuable!({ parent, prompt: [], signal: new AbortController().signal });
    const captured = spec.seed!.length;
    await prompt(parent, 'second');
    expect(spec.seed).toHaveLength(captured);
    expect(parent.session.events.length).toBeGreaterThan(captured);
  });

  it('prepareContinuable remains implemented and the seam accepts a continuable fork child (only the CLI presets listed below bind one)', async () => {
    const fork = createForkProvider();
    expect(typeof fork.prepareContinuable).toBe('function');
    const model = new ScriptedModel([textStep('ok'), childStep(textStep('forked'))]);
    const { host, createParent } = smallHost(model);
    const parent = createParent();
    await prompt(parent, 'history');
    const child = await host.subagents.startContinuable('fork', { parent, prompt: [{ type: 'text', text: 'task' }], signal: new AbortController().signal });
    expect(child.agent.session.events.find((event) => event.type === 'subagent/descriptor')!.data).toMatchObject({ mode: 'continuable', provider: 'fork' });
    expect((await child.settled).stopReason).toBe('completed');
    model.assertConsumed();
  });

  itWithCorpus('dsh', 'the compositions the fork-one-shot note names (base bundle, ACP and headless examples) set backgroundMode: one-shot on the fork delegation tool', () => {
    const named = ['packages/bundle/base/cordis.patch.yml', 'examples/acp-agent/cordis.yml', 'examples/headless-agent/cordis.yml'];
    const forkRows = allDelegationRows().filter((row) => row.config['provider'] === 'fork' && named.includes(row.file));
    expect(forkRows.map((row) => row.file).sort()).toEqual([...named].sort());
    for (const row of forkRows) expect(row.config['backgroundMode']).toBe('one-shot');
  });

  itWithCorpus('dsh', '…but this corpus revision also ships CLI agent presets that bind fork to continuable, contrary to the README (listed here for the guard check)', () => {
    const continuableForks = allDelegationRows()
      .filter((row) => row.config['provider'] === 'fork' && row.config['backgroundMode'] === 'continuable')
      .map((row) => row.file);
    expect(continuableForks).toEqual([
      'apps/cli/config/agent-presets/code/agent.cordis.yml',
      'apps/cli/config/agent-presets/cordis/agent.cordis.yml',
      'apps/cli/config/agent-presets/standard/agent.cordis.yml',
    ]);
  });

  it("reopening it requires the child's system prompt and tool schemas to match the parent's byte for byte, which the report return channel currently prevents", async () => {
    const model = new ScriptedModel([textStep('ok'), childStep(textStep('forked'))]);
    const { host, createParent } = smallHost(model);
    const parent = createParent();
    await prompt(parent, 'history');
    const child = await host.subagents.startContinuable('fork', { parent, prompt: [{ type: 'text', text: 'task' }], signal: new AbortController().signal });
    await child.settled;
    const parentHead = parent.requests[0]!.head;
    const childHead = child.agent.requests[0]!.head;
    // Exactly the report deltas separate the two heads.
    expect(childHead.system).toBe(`${parentHead.system}\n\n${REPORT_SECTION_TEXT}`);
    expect(childHead.tools.filter((tool) => tool.name !== 'report')).toEqual(parentHead.tools);
    expect(childHead.tools.find((tool) => tool.name === 'report')).toEqual(REPORT_TOOL_SCHEMA);
    const comparison = compareWithCause(parent.requests[0]!.prefix, child.agent.requests[0]!.prefix);
    expect(comparison.divergence).toMatchObject({ cause: 'report-tool' });
    expect(comparison.commonPrefix.segments).toBeLessThan(parentHead.sections.length + parentHead.tools.length);
  });
});
