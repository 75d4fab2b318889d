import { expect, it } from 'vitest';
import { readRequestBody } from '../src/analysis/index.js';
import { compareWithCause } from '../src/analysis/causes/attributed-divergence.js';
import { splitRenderedPrompt } from '../src/providers/index.js';
import { RUNTIME_CONTEXT_PREAMBLE } from '../src/providers/runtime/index.js';
import { describeWithCorpus, readCorpusText } from './support/corpus.js';
import { readPin } from './support/runtime-corpus.js';

// Issue 9 §2: on bare wire bodies causes are inferred (`inferred: true`), and still as specific as
// the bytes allow: a DSH prompt carried as one text is split at DSH's section openings, so a
// persona change is a persona change.
const body = (system: string, messages: readonly unknown[] = [{ role: 'user', content: 'Summarise the repository.' }]) => ({ model: 'deepseek-v4-flash', messages: [{ role: 'system', content: system }, ...messages] });
const read = (value: unknown) => readRequestBody(value, { source: 'body.json' }).request;

describeWithCorpus('dsh', 'a DSH prompt in a captured body', () => {
  it('persona: another deployment persona in the text-turn head is named as the persona section', () => {
    const { system } = readPin('text-turn');
    const sections = splitRenderedPrompt(system, 'text-turn');
    const persona = sections.find((section) => section.name === 'deployment:persona')!;
    const child = sections.map((section) => (section === persona ? 'You are a release manager for this repository.' : section.text)).join('\n\n');
    const divergence = compareWithCause(read(body(system)), read(body(child))).divergence;
    expect(divergence).toMatchObject({ cause: 'persona', name: 'deployment:persona', kind: 'system', inferred: true });
    expect(divergence?.detail).toMatch(/^the persona section 'deployment:persona' differs from character \d+ on; it precedes the tool guidance/);
  });

  it('runtime-context: the snapshot after the task differs, the task does not', () => {
    const { system } = readPin('text-turn');
    const turn = (cwd: string) => [
      { role: 'user', content: 'Summarise the repository.' },
      { role: 'user', content: `${RUNTIME_CONTEXT_PREAMBLE}\n\nWorking directory: ${cwd}` },
    ];
    const divergence = compareWithCause(read(body(system, turn('/srv/a'))), read(body(system, turn('/srv/b')))).divergence;
    expect(divergence).toMatchObject({ cause: 'runtime-context', name: 'message[2]:user', inferred: true });
  });
});

describeWithCorpus('gemini-cli-snapshots', 'two Gemini CLI prompts that differ by one option', () => {
  it('system: no section ids, so the system text and where it starts to differ', () => {
    const text = readCorpusText('gemini-cli-snapshots/packages/core/src/core/__snapshots__/prompts.test.ts.snap');
    const snapshots = new Map([...text.matchAll(/^exports\[`(.+?)`\] = `\n?([\s\S]*?)`;$/gm)].map((match) => [match[1]!, match[2]!]));
    const plain = snapshots.get('Core System Prompt (prompts.ts) > should include correct sandbox instructions for SANDBOX=undefined 1')!;
    const sandboxed = snapshots.get('Core System Prompt (prompts.ts) > should include correct sandbox instructions for SANDBOX=sandbox-exec 1')!;
    let at = 0;
    while (plain[at] === sandboxed[at]) at++;
    const divergence = compareWithCause(read(body(plain)), read(body(sandboxed))).divergence;
    expect(divergence).toMatchObject({ cause: 'system', name: 'system[0]', inferred: true, detail: `system text 'system[0]' differs from character ${at.toLocaleString('en-US')} on` });
  });
});
