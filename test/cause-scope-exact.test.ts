import { describe, expect, it } from 'vitest';
import { readRequestBody, type CauseScope } from '../src/analysis/index.js';
import { causeScope } from '../src/analysis/causes/cause-scope.js';
import { compareWithCause } from '../src/analysis/causes/attributed-divergence.js';
import { renderRequest, type RequestParts, type ToolPart } from '../src/prefix/index.js';
import { loadHeadPins, modelRequestPoints, readSessionLog, reconstructRequest, splitRenderedPrompt } from '../src/providers/index.js';
import { corpusPath, describeWithCorpus } from './support/corpus.js';
import { readPin } from './support/runtime-corpus.js';

// Issue 9 §2: with a scope — the runtime's requests (sections by id), a DSH log's recorded head
// split into its sections, the delegation that started the child — causes are exact
// (`inferred: false`) and say what the host did.
const route = { provider: 'deepseek', model: 'deepseek-v4-flash' };
const tool = (name: string): ToolPart => ({ name, schema: { type: 'function', function: { name, description: `The ${name} tool.`, parameters: { type: 'object' } } } });
const parentParts: RequestParts = {
  system: [
    { name: 'harness:identity', text: 'You are an AI agent powered by DeepSeek Harness.' },
    { name: 'deployment:persona', text: 'You are a coding assistant.' },
    { name: 'tool:edit', text: 'Use the edit tool for small changes.' },
    { name: 'tool:read', text: 'Use the read tool to inspect files.' },
  ],
  tools: [tool('bash'), tool('edit'), tool('read')],
  messages: [{ name: 'task', role: 'user', wire: { role: 'user', content: 'Review src/.' }, kind: 'task' }],
};
const parent = renderRequest(route, 'chat', parentParts);

describe('causes with the host\'s scope are exact', () => {
  it('persona: the delegation\'s persona shadows the deployment persona', () => {
    const persona = 'You review code and never edit it.';
    const child = renderRequest(route, 'chat', { ...parentParts, system: parentParts.system.map((section) => (section.name === 'deployment:persona' ? { ...section, text: persona } : section)) });
    const scope: CauseScope = { delegation: { provider: 'spawn', persona } };
    const divergence = compareWithCause(parent, child, { scope }).divergence;
    expect(divergence).toMatchObject({ cause: 'persona', name: 'deployment:persona', inferred: false, segment: 'deployment:persona' });
    expect(divergence?.detail).toContain("(the delegation's persona)");
    // Without the scope the same requests give the same cause, inferred.
    expect(compareWithCause(parent, child).divergence).toMatchObject({ cause: 'persona', inferred: true });
  });

  it('tool-filter: the removed tool and its guidance section, with the filter the delegation set', () => {
    const child = renderRequest(route, 'chat', { ...parentParts, system: parentParts.system.filter((section) => section.name !== 'tool:edit'), tools: [tool('bash'), tool('read')] });
    const divergence = compareWithCause(parent, child, { scope: { delegation: { toolFilter: { deny: ['edit'] } } } }).divergence;
    // Chat layout: the guidance section comes before the tools, so that is where the filter shows first.
    expect(divergence).toMatchObject({ cause: 'tool-filter', name: 'edit', side: 'parent', kind: 'system', segment: 'tool:edit', inferred: false });
    expect(divergence?.detail).toBe("the child's tool filter (deny: edit) removes 'edit' (1 of 3 tools) and 1 guidance section");
  });

  it('route: the delegation\'s agentOptions put the child on another model', () => {
    const child = renderRequest({ ...route, model: 'deepseek-v4-pro' }, 'chat', parentParts);
    const divergence = compareWithCause(parent, child, { scope: { delegation: { agentOptions: { model: 'deepseek-v4-pro' } } } }).divergence;
    expect(divergence).toMatchObject({ cause: 'route', name: 'deepseek/deepseek-v4-pro', inferred: false });
    expect(divergence?.detail).toBe("the child runs on deepseek/deepseek-v4-pro, the parent on deepseek/deepseek-v4-flash (the delegation's agentOptions set model: deepseek-v4-pro): caches are kept per route, so nothing is shared");
  });

  it('sdk: the generated bindings block differs', () => {
    const withSdk = (text: string) => renderRequest(route, 'chat', { ...parentParts, system: [...parentParts.system, { name: 'tools:sdk', text, kind: 'sdk' }] });
    const divergence = compareWithCause(withSdk('declare function read(path: string): string;'), withSdk('declare function bash(command: string): string;'), { scope: {} }).divergence;
    expect(divergence).toMatchObject({ cause: 'sdk', name: 'tools:sdk', kind: 'sdk', inferred: false });
  });
});

describeWithCorpus('dsh', 'a DSH log\'s recorded head split into its sections', () => {
  const scenario = corpusPath('dsh/examples/acp-agent/tests/snapshots/subagent-report');
  async function firstRequest(log: string) {
    const file = `${scenario}/${log}`;
    const session = await readSessionLog(file);
    const point = modelRequestPoints(session).find((candidate) => !candidate.seeded && candidate.turn === 1 && candidate.step === 1)!;
    return reconstructRequest(session, { through: point.through, pins: await loadHeadPins(file), systemParts: (text) => splitRenderedPrompt(text, file) }).request;
  }

  it('report-tool, exactly: the continuable child\'s tool:report section and report tool', async () => {
    const parent = await firstRequest('session.jsonl');
    const child = await firstRequest('session.1.jsonl');
    const divergence = compareWithCause(parent, child, { scope: { delegation: { provider: 'spawn', backgroundMode: 'continuable' } } }).divergence;
    expect(divergence).toMatchObject({ cause: 'report-tool', name: 'report', side: 'child', segment: 'tool:report', inferred: false });
    expect(divergence?.detail).toBe("the child's head adds the 'report' tool and its 'tool:report' section (backgroundMode: continuable), ahead of every message: nothing after it is reusable");
  });
});

describeWithCorpus('dsh', 'a scope built from two DSH prompts carried as one text each', () => {
  it('causeScope over the split pins makes a one-text comparison exact', () => {
    const parentPin = readPin('text-turn');
    const childPin = readPin('subagent-report', 1);
    const body = (system: string) => ({ model: 'deepseek-v4-flash', messages: [{ role: 'system', content: system }, { role: 'user', content: 'Go.' }] });
    const parent = readRequestBody(body(parentPin.system), { source: 'parent' }).request;
    const child = readRequestBody(body(childPin.system), { source: 'child' }).request;
    const scope = causeScope({ sections: splitRenderedPrompt(parentPin.system, 'parent') }, { sections: splitRenderedPrompt(childPin.system, 'child') });
    expect(compareWithCause(parent, child, { scope }).divergence).toMatchObject({ cause: 'report-tool', name: 'report', inferred: false, detail: expect.stringContaining("its 'tool:report' section") });
  });
});
