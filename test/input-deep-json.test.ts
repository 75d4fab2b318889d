import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRequestFile } from '../src/analysis/index.js';
import { bufferedIo, EXIT, runCli } from '../src/cli/index.js';
import { comparePrefix } from '../src/prefix/index.js';

// Issue 7 §2: JSON nested 5,000 deep inside `content` overflowed the stack while rendering (valid
// input) and while locating the syntax error (malformed input). Both are now input errors with the
// file, line and reason; a body nested up to the limit is still analysed.
const folder = mkdtempSync(path.join(tmpdir(), 'kvprefix-deep-'));
const original = JSON.parse(readFileSync(new URL('../examples/fork-parent.request.json', import.meta.url), 'utf8')) as { messages: { content: unknown }[] };
const nested = (depth: number) => `${'['.repeat(depth)}"codeword"${']'.repeat(depth)}`;

/** The bundled parent body with its last message's content replaced by `content` (JSON text). */
function writeBody(name: string, content: string): string {
  const text = JSON.stringify(original, null, 2).replace(/"content": "[^"]*"\n(\s*)\}\n(\s*)\]/, (_whole, inner, outer) => `"content": ${content}\n${inner}}\n${outer}]`);
  expect(text).toContain(content.slice(0, 50));
  writeFileSync(path.join(folder, name), text);
  return text;
}

async function diff(...files: string[]) {
  const io = bufferedIo(folder);
  const code = await runCli(['diff', ...files], io);
  return { code, out: io.out.join(''), err: io.err.join('') };
}

describe('JSON nested deeper than kvprefix renders', () => {
  it('valid, 5,000 deep inside content: exit 3 with the file, line and column of the level past the limit', async () => {
    const text = writeBody('deep.json', nested(5000));
    const first = text.indexOf('[[[');
    const line = text.slice(0, first).split('\n').length;
    // The body object, `messages`, the message object are 3 levels: level 1,001 is content's 998th bracket.
    const column = first - text.lastIndexOf('\n', first) + 997;
    const result = await diff('deep.json', 'deep.json');
    expect(result).toEqual({ code: EXIT.input, out: '', err: `kvprefix diff: deep.json:${line}: column ${column}: nested more than 1,000 levels deep; kvprefix reads JSON nested at most that deep\n` });
  });

  it('malformed, 5,000 deep and cut short: the same input error, not a stack overflow in the error locator', async () => {
    writeFileSync(path.join(folder, 'deep-cut.json'), writeBody('unused.json', nested(5000)).slice(0, -40));
    const result = await diff('deep-cut.json', 'deep-cut.json');
    expect(result.code).toBe(EXIT.input);
    expect(result.err).toMatch(/^kvprefix diff: deep-cut\.json:\d+: column \d+: nested more than 1,000 levels deep/);
    expect(result.err).not.toContain('internal error');
  });

  it('malformed, 900 deep: the syntax error is located as usual', async () => {
    writeFileSync(path.join(folder, 'cut-900.json'), writeBody('unused.json', nested(900)).replace('"codeword"]', '"codeword"}'));
    const result = await diff('cut-900.json', 'cut-900.json');
    expect(result.code).toBe(EXIT.input);
    expect(result.err).toMatch(/^kvprefix diff: cut-900\.json:\d+: column \d+: not valid JSON: expected ',' or '\]' after an array element \(found "\}"\)\n$/);
  });

  it('valid, exactly 1,000 deep with the body around it: analysed, diverging at the nested message', async () => {
    writeBody('at-limit.json', nested(1000 - 3)); // the body object, `messages` and the message object are 3 levels
    const parent = await readRequestFile('examples/fork-parent.request.json', { cwd: path.resolve(import.meta.dirname, '..') });
    const child = await readRequestFile('at-limit.json', { cwd: folder });
    const result = comparePrefix(parent.request, child.request);
    // Everything before the last message is shared; the nested content is where they part.
    expect(result.commonPrefix.segments).toBe(parent.request.segments.length - 1);
    expect(result.divergence).not.toBeNull();
    expect(child.request.segments.at(-1)!.text).toContain(`${'['.repeat(997)}"codeword"`);
  });
});
