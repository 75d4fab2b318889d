import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bufferedIo, EXIT, runCli } from '../src/cli/index.js';

// Issue 28 (j): `diff --fail-on` is a CI check any host can use: exit 1 naming the break, with
// `--allow CAUSE` to accept an expected change.
const repositoryRoot = path.resolve(import.meta.dirname, '..');
const parent = 'examples/fork-parent.request.json';
const child = 'examples/fork-child-one-shot.request.json';

async function run(argv: string[]) {
  const io = bufferedIo(repositoryRoot);
  const code = await runCli(argv, io);
  return { code, out: io.out.join(''), err: io.err.join('') };
}

/** The parent with one more tool at the front of its tool list: a head change. */
function withNewTool(): string {
  const body = JSON.parse(readFileSync(path.join(repositoryRoot, parent), 'utf8')) as { tools?: unknown[] };
  const tools = body.tools ?? [];
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'kvprefix-fail-on-')), 'changed.json');
  writeFileSync(file, JSON.stringify({ ...body, tools: [{ type: 'function', function: { name: 'aaa_lint', description: 'Lint the tree.', parameters: { type: 'object', properties: {} } } }, ...tools] }));
  return file;
}

describe('kvprefix diff --fail-on', () => {
  it('exits 0 and says it passed when the child only adds its task', async () => {
    const { code, err } = await run(['diff', parent, child, '--fail-on', 'any-break']);
    expect(code).toBe(EXIT.ok);
    expect(err).toMatch(/--fail-on any-break: passed/);
  });

  it('exits 1 naming the cause and the segment when the head changed', async () => {
    const { code, err } = await run(['diff', parent, withNewTool(), '--fail-on', 'lost-head']);
    expect(code).toBe(EXIT.findings);
    expect(err).toMatch(/--fail-on lost-head: failed, the child lost its cached head: tools at tool 'aaa_lint'/);
  });

  it('--allow tools accepts the expected change: exit 0, saying so', async () => {
    const { code, err } = await run(['diff', parent, withNewTool(), '--fail-on', 'lost-head', '--allow', 'tools']);
    expect(code).toBe(EXIT.ok);
    expect(err).toMatch(/is allowed \(--allow tools\)/);
  });

  it('--allow without --fail-on, or with a cause kvprefix does not name, is a usage error (exit 2)', async () => {
    expect((await run(['diff', parent, child, '--allow', 'tools'])).code).toBe(EXIT.usage);
    const unknown = await run(['diff', parent, child, '--fail-on', 'any-break', '--allow', 'toolz']);
    expect(unknown.code).toBe(EXIT.usage);
    expect(unknown.err).toMatch(/--allow 'toolz': use one of/);
  });
});
