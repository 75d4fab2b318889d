import { describe, expect, it } from 'vitest';
import type { AgentHandle } from '../src/providers/runtime/index.js';
import { ScriptedModel } from '../src/testing/index.js';
import { callStep, prompt, smallComposition, smallHost, textStep } from './support/runtime-scenario.js';

/** A parent that learns a fact in turn 1 and delegates a question about it in turn 2 through `tool`. */
async function askAfterHistory(tool: 'subagent' | 'subagent_fork', childAnswer: string) {
  const model = new ScriptedModel([textStep('Noted: MARMALADE.'), callStep(tool, { description: 'Recall codeword', prompt: 'What is the project codeword?' }), textStep(childAnswer), textStep('DONE')]);
  const composition = smallComposition({ subagent: { provider: 'spawn', persona: 'You are the spawned helper in {{cwd}}.', toolFilter: { deny: ['note'] } } });
  const { host, createParent } = smallHost(model, composition);
  const parent = createParent();
  let child: AgentHandle | undefined;
  host.onAgentPublished((agent) => (child = agent));
  await prompt(parent, 'Remember: the project codeword is MARMALADE.');
  await prompt(parent, 'Ask a helper for the codeword.');
  model.assertConsumed();
  return { parent, child: child!, composition };
}

describe('spawn: Known Limitations', () => {
  it("fresh means no parent transcript — the child inherits cwd, lineage, model, and explicitly configured persona/tool restrictions, but none of the parent's conversation", async () => {
    const { parent, child } = await askAfterHistory('subagent', 'I do not know the codeword.');
    expect(child.session.header).toMatchObject({ cwd: parent.cwd, parentSession: parent.id });
    expect(child.config).toEqual(parent.config);
    const head = child.requests[0]!.head;
    expect(head.sections.find((section) => section.name === 'deployment:persona')!.text).toBe('You are the spawned helper in /work/project.');
    expect(head.tools.map((tool) => tool.name)).not.toContain('note');
    // None of the parent's conversation: no seed, and no parent prompt or answer among the child's messages, only its task.
    expect(child.session.header.seedLength).toBeUndefined();
    const sent = JSON.stringify(child.requests[0]!.model.messages);
    for (const parentText of ['MARMALADE', 'Remember:', 'Ask a helper', 'Noted:']) expect(sent).not.toContain(parentText);
    expect(sent).toContain('What is the project codeword?');
  });

  it('use the fork provider when completed-turn context is required', async () => {
    const { child } = await askAfterHistory('subagent_fork', 'MARMALADE');
    expect(JSON.stringify(child.requests[0]!.model.messages)).toContain('the project codeword is MARMALADE');
  });
});
