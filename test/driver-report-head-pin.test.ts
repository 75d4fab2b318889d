import path from 'node:path';
import { expect, it } from 'vitest';
import type { ModelRequest } from '../src/providers/model/index.js';
import { REPORT_SECTION_TEXT, type Agent } from '../src/providers/runtime/index.js';
import { ScriptedModel, type ScriptedStep } from '../src/testing/index.js';
import { describeWithCorpus } from './support/corpus.js';
import { ACP, readPin, readPinnedSystemText, readPinnedToolsText, readRows, recordedPrompts, recordedSteps } from './support/runtime-corpus.js';
import { acpHost, settleAll } from './support/runtime-scenario.js';
import { compareWithCause } from './support/compare-with-cause.js';

const SCENARIO = path.join(ACP, 'subagent-report');
const isChildRequest = (request: ModelRequest): boolean => request.system.includes(REPORT_SECTION_TEXT);
const forParent = (step: ScriptedStep): ScriptedStep => ({ ...step, match: (request) => !isChildRequest(request) });
const forChild = (step: ScriptedStep): ScriptedStep => ({ ...step, match: isChildRequest });

/** Replays subagent-report: the parent starts a continuable spawn child in the background; the child reports. */
async function runRecordedReport() {
  const parentRows = readRows(path.join(SCENARIO, 'session.jsonl'));
  const childRows = readRows(path.join(SCENARIO, 'session.1.jsonl'));
  const parentSteps = recordedSteps(parentRows);
  const childSteps = recordedSteps(childRows);
  // The parent's turns 1 and 2 (turn 2 reads the report); the child's two steps (report, then "Reported.").
  const model = new ScriptedModel([forParent(parentSteps[0]!), forParent(parentSteps[1]!), forParent(parentSteps[2]!), forChild(childSteps[0]!), forChild(childSteps[1]!)]);
  const { host, createParent } = acpHost(model);
  const parent = createParent();
  parent.followup([{ type: 'text', text: recordedPrompts(parentRows)[0]! }]);
  await parent.whenIdle();
  const child = [...host.agents.values()].find((agent) => agent.parent === parent) as Agent;
  await settleAll(host);
  model.assertConsumed();
  return { parent, child };
}

describeWithCorpus('dsh', 'driver: head assembly matches DSH byte for byte', () => {
  it("gives the continuable child of the subagent-report scenario exactly the pinned system prompt (system-prompt.1.expected.md)", async () => {
    const { child } = await runRecordedReport();
    // The pin file is the prompt plus the file's final newline.
    expect(`${child.requests[0]!.model.system}\n`).toBe(readPinnedSystemText('subagent-report', 1));
  });

  it('gives it exactly the pinned tool schemas (tool-schemas.1.expected.json, byte for byte)', async () => {
    const { child } = await runRecordedReport();
    const written = `${JSON.stringify({ initial: child.requests[0]!.model.tools, changes: [] }, null, 2)}\n`;
    expect(written).toBe(readPinnedToolsText('subagent-report', 1));
  });

  it("leaves the parent's head equal to the text-turn pin it was built from", async () => {
    const { parent } = await runRecordedReport();
    const pin = readPin('text-turn');
    expect(parent.requests[0]!.model.system).toBe(pin.system);
    expect(parent.requests[0]!.model.tools).toEqual(pin.tools);
  });

  it('puts tool:report after tool:subagent (order 117 > 116.5) and report between read and send_message', async () => {
    const { child } = await runRecordedReport();
    const head = child.requests[0]!.head;
    expect(head.sections.slice(-2).map((section) => [section.name, section.order])).toEqual([
      ['tool:subagent', 116.5],
      ['tool:report', 117],
    ]);
    const names = head.tools.map((tool) => tool.name);
    expect(names.slice(names.indexOf('read'), names.indexOf('read') + 3)).toEqual(['read', 'report', 'send_message']);
  });

  it('diverges from the parent inside the head, at the report section (cause report-tool)', async () => {
    const { parent, child } = await runRecordedReport();
    const comparison = compareWithCause(parent.requests[0]!.prefix, child.requests[0]!.prefix);
    // The parent has its first tool schema where the child has the inserted tool:report section:
    // the divergence points at the child's section, the change.
    expect(comparison.divergence).toMatchObject({ cause: 'report-tool', name: 'report', side: 'child', kind: 'system', segment: 'tool:report' });
    expect(child.requests[0]!.prefix.segments[comparison.divergence!.index]).toMatchObject({ kind: 'system', name: 'tool:report' });
    expect(comparison.commonPrefix.segments).toBe(comparison.divergence!.index);
  });
});
