import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { buildExampleBodies, EXAMPLE_FILES, exampleFileText, type ExampleName } from '../examples/build-examples.js';
import type { ChatRequestBody } from '../src/providers/session/index.js';
import { EXAMPLES_DIRECTORY } from '../src/cli/commands/demo.js';
import { CORPUS_ROOT, describeWithCorpus } from './support/corpus.js';

const committed = (name: ExampleName) => readFileSync(path.join(EXAMPLES_DIRECTORY, EXAMPLE_FILES[name]), 'utf8');

describeWithCorpus('dsh', 'the bundled examples are rebuilt from the DSH recordings', () => {
  let bodies: Awaited<ReturnType<typeof buildExampleBodies>>;
  beforeAll(async () => {
    bodies = await buildExampleBodies(CORPUS_ROOT);
  });
  const messagesOf = (name: ExampleName) => bodies[name].messages;

  it.each(Object.keys(EXAMPLE_FILES) as ExampleName[])('%s is exactly what examples/build-examples.ts makes of the corpus', (name) => {
    expect(committed(name)).toBe(exampleFileText(bodies[name]));
  });

  it('the fork child carries the parent\'s completed turn verbatim (the seed) and then its own task', () => {
    const parent = messagesOf('parent');
    const child = messagesOf('oneShot');
    // system, the first user message, the runtime-context snapshot, the assistant's "OK" (with its reasoning).
    expect(child.slice(0, 4)).toEqual(parent.slice(0, 4));
    expect(parent[3]).toMatchObject({ role: 'assistant', content: 'OK' });
    expect(parent[4]!.content).toMatch(/^Use the subagent_fork tool exactly once/);
    expect(child[4]).toEqual({ role: 'user', content: 'What is the project codeword mentioned earlier in this conversation? Reply with exactly that one word and nothing else.' });
    // The child's runtime context adds the delegated-subagent note after its task.
    expect(child[5]!.content).toMatch(/You are a delegated subagent/);
  });

  it('the continuable child differs from the one-shot child only in its head: the report tool and section', () => {
    const oneShot = bodies.oneShot;
    const continuable = bodies.continuable;
    expect(messagesOf('continuable').slice(1)).toEqual(messagesOf('oneShot').slice(1));
    const names = (body: ChatRequestBody) => body.tools.map((tool) => tool.function.name);
    expect(names(continuable).filter((name) => !names(oneShot).includes(name))).toEqual(['report']);
    const system = (name: ExampleName) => messagesOf(name)[0]!.content as string;
    expect(system('continuable').startsWith(system('oneShot'))).toBe(true);
    expect(system('continuable').slice(system('oneShot').length)).toMatch(/^\n\nDeliver your result with the report tool before you finish/);
  });
});
