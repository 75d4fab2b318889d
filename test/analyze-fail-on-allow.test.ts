import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { bufferedIo, EXIT, runCli } from '../src/cli/index.js';

// Issue 28 (j): `analyze <bodies> --fail-on` exits 1 naming the break; `--allow CAUSE` accepts it.
const repositoryRoot = path.resolve(import.meta.dirname, '..');

async function run(argv: string[], cwd: string) {
  const io = bufferedIo(cwd);
  const code = await runCli(argv, io);
  return { code, err: io.err.join('') };
}

it('analyze on two bodies whose tools changed: --fail-on lost-head exits 1 naming it, and --allow tools exits 0', async () => {
  const body = JSON.parse(readFileSync(path.join(repositoryRoot, 'examples/fork-parent.request.json'), 'utf8')) as { tools?: unknown[] };
  const folder = mkdtempSync(path.join(tmpdir(), 'kvprefix-analyze-allow-'));
  writeFileSync(path.join(folder, 'a.json'), JSON.stringify(body));
  writeFileSync(path.join(folder, 'b.json'), JSON.stringify({ ...body, tools: [{ type: 'function', function: { name: 'aaa_lint', description: 'Lint the tree.', parameters: { type: 'object', properties: {} } } }, ...(body.tools ?? [])] }));
  const failing = await run(['analyze', 'a.json', 'b.json', '--fail-on', 'lost-head'], folder);
  expect(failing.code).toBe(EXIT.findings);
  expect(failing.err).toMatch(/--fail-on lost-head: failed, 1 request lost its cached head:\n.*b\.json.*: tools at tool 'aaa_lint'/);
  const allowed = await run(['analyze', 'a.json', 'b.json', '--fail-on', 'lost-head', '--allow', 'tools'], folder);
  expect(allowed.code).toBe(EXIT.ok);
  expect(allowed.err).toMatch(/passed, no request lost its cached head \(2 requests; 1 allowed \(--allow tools\)\)/);
});
