import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bufferedIo, EXIT, runCli } from '../src/cli/index.js';

// Issue 7 §2: `-` reads standard input, in diff (either side, JSON or YAML) and in seed.
const repositoryRoot = path.resolve(import.meta.dirname, '..');
const parent = 'examples/fork-parent.request.json';
const child = 'examples/fork-child-one-shot.request.json';
const read = (file: string) => readFileSync(path.join(repositoryRoot, file), 'utf8');
const HEADER = '{"type":"session","version":0,"id":"s","createdAt":1,"delegationDepth":0}';

async function run(stdin: string, ...argv: string[]) {
  const io = bufferedIo(repositoryRoot, stdin);
  const code = await runCli(argv, io);
  return { code, out: io.out.join(''), err: io.err.join('') };
}

describe('- reads standard input', () => {
  it('diff: the child from stdin gives the same comparison as from its file, with <stdin> as its source', async () => {
    const fromFile = JSON.parse((await run('', 'diff', parent, child, '--json')).out) as Record<string, any>;
    const fromStdin = await run(read(child), 'diff', parent, '-', '--json');
    expect(fromStdin.code).toBe(EXIT.ok);
    const result = JSON.parse(fromStdin.out) as Record<string, any>;
    expect(result['child']['source']).toBe('<stdin>');
    expect({ ...result, child: { ...result['child'], source: child } }).toEqual(fromFile);
  });

  it('diff: a YAML cassette on stdin, its request picked with -#N after --', async () => {
    const cassette = `interactions:\n- request:\n    method: POST\n    uri: https://api.openai.com/v1/chat/completions\n    parsed_body:\n      model: gpt-4o\n      messages:\n      - role: user\n        content: one\n- request:\n    method: POST\n    uri: https://api.openai.com/v1/chat/completions\n    parsed_body:\n      model: gpt-4o\n      messages:\n      - role: user\n        content: two\n`;
    const two = await run(cassette, 'diff', parent, '--json', '--', '-#2');
    expect(two.code).toBe(EXIT.ok);
    expect(JSON.parse(two.out)['child']).toMatchObject({ source: '<stdin>#2', format: 'openai-chat', route: { model: 'gpt-4o' } });
  });

  it('seed: a session log on stdin', async () => {
    const log = `${HEADER}\n{"type":"turn/start","data":{"turn":1}}\n{"type":"turn/end","data":{"turn":1,"reason":{"kind":"completed"}}}\n{"type":"turn/start","data":{"turn":2}}\n`;
    expect(await run(log, 'seed', '-', '--json')).toEqual({ code: EXIT.ok, out: '{"seedLength":2,"lastTurnEnd":1,"excluded":1}\n', err: '' });
  });

  it('diff: both sides from stdin is a usage error', async () => {
    const result = await run(read(child), 'diff', '-', '-');
    expect(result.code).toBe(EXIT.usage);
    expect(result.err).toContain('standard input (-) can be only one of the two requests');
  });
});
