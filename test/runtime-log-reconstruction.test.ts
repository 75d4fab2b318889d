import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { modelRequestPoints, parseSessionLog, reconstructRequest } from '../src/providers/session/index.js';
import { splitRenderedPrompt, toFixtureJsonl, type Agent } from '../src/providers/runtime/index.js';
import { ScriptedModel } from '../src/testing/index.js';
import { ACP, HAS_CORPUS, readRows, recordedPrompts, recordedSteps } from './support/runtime-corpus.js';
import { acpHost } from './support/runtime-scenario.js';

const SCENARIO = path.join(ACP, 'subagent-fork-in-process');

async function forkRun(): Promise<{ parent: Agent; child: Agent }> {
  const parentRows = readRows(path.join(SCENARIO, 'session.jsonl'));
  const childRows = readRows(path.join(SCENARIO, 'session.1.jsonl'));
  const parentSteps = recordedSteps(parentRows);
  const childSteps = recordedSteps(childRows, childRows.findIndex((row) => row.type === 'session/end-seed'));
  const model = new ScriptedModel([parentSteps[0]!, parentSteps[1]!, childSteps[0]!, parentSteps[2]!]);
  const { host, createParent } = acpHost(model);
  let child: Agent | undefined;
  host.onAgentPublished((agent) => (child = agent.parent ? agent : child));
  const parent = createParent();
  for (const text of recordedPrompts(parentRows)) {
    parent.followup([{ type: 'text', text }]);
    await parent.whenIdle();
  }
  return { parent, child: child! };
}

/** Every request an agent recorded live, rebuilt from its own log by the session package. */
function rebuilt(agent: Agent, form: 'jsonl' | 'fixture') {
  const text = form === 'jsonl' ? agent.session.toJsonl() : toFixtureJsonl(agent.session.header, agent.session.events);
  const log = parseSessionLog(text, `${agent.id}.${form}`);
  const systemParts = (system: string) => splitRenderedPrompt(system, agent.id).map((section) => ({ name: section.name, text: section.text }));
  return modelRequestPoints(log)
    .filter((point) => !point.seeded)
    .map((point) => reconstructRequest(log, { through: point.through, systemParts }).request);
}

describe.skipIf(!HAS_CORPUS)('runtime: every request is reconstructable from the log the agent wrote', () => {
  for (const form of ['jsonl', 'fixture'] as const) {
    it(`rebuilds the parent's and the fork child's requests byte for byte from the ${form} log`, async () => {
      const { parent, child } = await forkRun();
      for (const agent of [parent, child]) {
        const live = agent.requests.map((request) => request.prefix.segments.map((segment) => segment.prefixHash));
        const fromLog = rebuilt(agent, form).map((request) => request.segments.map((segment) => segment.prefixHash));
        expect(fromLog).toEqual(live);
      }
    });
  }

  it("marks the child's task the same way live and rebuilt", async () => {
    const { child } = await forkRun();
    const kinds = (segments: readonly { kind: string }[]) => segments.map((segment) => segment.kind);
    expect(kinds(rebuilt(child, 'jsonl')[0]!.segments)).toEqual(kinds(child.requests[0]!.prefix.segments));
  });
});
