import { expect, it } from 'vitest';
import { modelRequestPoints, parseSessionLog, reconstructRequest } from '../src/providers/session/index.js';
import { splitRenderedPrompt, type AgentHandle } from '../src/providers/runtime/index.js';
import { toFixtureJsonl } from '../src/testing/index.js';
import { describeWithCorpus } from './support/corpus.js';
import { replayRecordedFork } from './support/runtime-scenario.js';

/** Every request an agent recorded live, rebuilt from its own log by the session package. */
function rebuilt(agent: AgentHandle, form: 'jsonl' | 'fixture') {
  const text = form === 'jsonl' ? agent.session.toJsonl() : toFixtureJsonl(agent.session.header, agent.session.events);
  const log = parseSessionLog(text, `${agent.id}.${form}`);
  const systemParts = (system: string) => splitRenderedPrompt(system, agent.id).map((section) => ({ name: section.name, text: section.text }));
  return modelRequestPoints(log)
    .filter((point) => !point.seeded)
    .map((point) => reconstructRequest(log, { through: point.through, systemParts }).request);
}

describeWithCorpus('dsh', 'runtime: every request is reconstructable from the log the agent wrote', () => {
  for (const form of ['jsonl', 'fixture'] as const) {
    it(`rebuilds the parent's and the fork child's requests byte for byte from the ${form} log`, async () => {
      const { parent, child } = await replayRecordedFork();
      for (const agent of [parent, child]) {
        const live = agent.requests.map((request) => request.prefix.segments.map((segment) => segment.prefixHash));
        const fromLog = rebuilt(agent, form).map((request) => request.segments.map((segment) => segment.prefixHash));
        expect(fromLog).toEqual(live);
      }
    });
  }

  it("marks the child's task the same way live and rebuilt", async () => {
    const { child } = await replayRecordedFork();
    const kinds = (segments: readonly { kind: string }[]) => segments.map((segment) => segment.kind);
    expect(kinds(rebuilt(child, 'jsonl')[0]!.segments)).toEqual(kinds(child.requests[0]!.prefix.segments));
  });
});
