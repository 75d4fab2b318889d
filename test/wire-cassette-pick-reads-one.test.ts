import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRequestFile } from '../src/analysis/index.js';
import { bufferedIo, EXIT, runCli } from '../src/cli/index.js';
import { InputError } from '../src/prefix/index.js';

// Issue 7 §2: `diff cas.yaml#1` failed on a malformed second interaction it never needed. Picking
// a request reads that interaction only; picking the malformed one still fails, naming it.
const folder = mkdtempSync(path.join(tmpdir(), 'kvprefix-pick-'));
const interaction = (body: string) => `- request:\n    method: POST\n    uri: https://api.deepseek.com/chat/completions\n    body: '${body}'\n`;
writeFileSync(
  path.join(folder, 'cassette.yaml'),
  `interactions:\n${interaction('{"model":"deepseek-chat","messages":[{"role":"user","content":"one"}]}')}${interaction('{"model":"deepseek-chat","messages":[{"role":"user",')}${interaction('{"model":"deepseek-chat","messages":[{"role":"user","content":"one"},{"role":"user","content":"three"}]}')}`,
);

describe('picking one request of a cassette', () => {
  it('#1 and #3 are read although #2 holds a body that is not JSON', async () => {
    const io = bufferedIo(folder);
    expect(await runCli(['diff', 'cassette.yaml#1', 'cassette.yaml#3', '--json'], io)).toBe(EXIT.ok);
    // #3 repeats #1's message, then adds one.
    expect(JSON.parse(io.out.join(''))).toMatchObject({ commonPrefix: { segments: 1 }, divergence: { index: 1, side: 'child' } });
  });

  it('#2 is refused, naming the interaction and the JSON error', async () => {
    const error = await readRequestFile('cassette.yaml#2', { cwd: folder }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).message).toMatch(/^cassette\.yaml \(interactions\[1\]\.request\.body\):1: column \d+: not valid JSON: /);
  });

  it('without a pick, the count of requests is still given without reading any', async () => {
    const error = await readRequestFile('cassette.yaml', { cwd: folder }).catch((caught: unknown) => caught);
    expect((error as InputError).message).toBe('cassette.yaml: holds 3 recorded requests: pick one with cassette.yaml#N (N from 1 to 3)');
  });
});
