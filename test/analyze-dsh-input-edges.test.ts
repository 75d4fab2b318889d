import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { compress, init } from '@bokuweb/zstd-wasm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bufferedIo, runCli } from '../src/cli/index.js';

// Issue 17 §2, §10, §11, §12 and issue 20 §3 on DSH logs: parent cycles, log names, live logs,
// deep JSON inside a line, and pin files that are devices or not UTF-8.
const header = (id: string, parent?: string) => JSON.stringify({ type: 'session', version: 0, id, createdAt: 1, delegationDepth: parent ? 1 : 0, ...(parent ? { parentSession: parent, seedLength: 0 } : {}) });
const turn = ['{"type":"turn/start","data":{"turn":1}}', '{"type":"turn/end","data":{"turn":1,"reason":{"kind":"completed"}}}'];

let root: string;
beforeAll(async () => {
  await init();
  root = mkdtempSync(path.join(tmpdir(), 'kvprefix-dsh-edges-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

function folder(name: string, files: Record<string, string | Uint8Array>): string {
  const directory = path.join(root, name);
  mkdirSync(directory, { recursive: true });
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(directory, file), text);
  return directory;
}

/** `[tree, session id]` of each session in `analyze --json` output. */
function sessionIds(out: string): [number, string][] {
  return (JSON.parse(out) as { sessions: { tree: number; id: string }[] }).sessions.map((session) => [session.tree, session.id]);
}

async function analyze(...argv: string[]) {
  const io = bufferedIo(root);
  const code = await runCli(['analyze', ...argv], io);
  return { code, out: io.out.join(''), err: io.err.join('') };
}

describe('parent cycles', () => {
  it('a header naming itself as its parent exits 3 naming the file', async () => {
    folder('self', { 'session.jsonl': `${header('a', 'a')}\n` });
    expect(await analyze('self')).toEqual({ code: 3, out: '', err: "kvprefix analyze: self/session.jsonl:1: the header names its own id 'a' as its parentSession\n" });
  });

  it("a child carrying its parent's id exits 3 naming both files", async () => {
    folder('same-id', { 'session.jsonl': `${header('p')}\n`, 'session.1.jsonl': `${header('p', 'p')}\n` });
    expect(await analyze('same-id')).toEqual({ code: 3, out: '', err: "kvprefix analyze: same-id/session.1.jsonl: session id 'p' is also the id of same-id/session.jsonl: each log of a tree needs its own id\n" });
  });

  it('two logs naming each other as parent exit 3 naming the circle', async () => {
    folder('circle', { 'session.jsonl': `${header('x', 'y')}\n`, 'session.1.jsonl': `${header('y', 'x')}\n` });
    const run = await analyze('circle');
    expect(run.code).toBe(3);
    expect(run.err).toMatch(/^kvprefix analyze: circle\/session(\.1)?\.jsonl: parentSession links go round in a circle: circle\/session(\.1)?\.jsonl → circle\/session(\.1)?\.jsonl → /);
  });
});

describe('log names', () => {
  it('a log under any name is analysed itself, not the session.jsonl beside it, and errors name it', async () => {
    folder('named', { 'session.jsonl': `${header('root')}\n`, 'my-run.jsonl': `${header('mine')}\n{"type":\n` });
    expect(await analyze('named/my-run.jsonl')).toMatchObject({ code: 3, err: expect.stringMatching(/^kvprefix analyze: named\/my-run\.jsonl:2: /) });
    writeFileSync(path.join(root, 'named', 'my-run.jsonl'), `${header('mine')}\n`);
    expect(sessionIds((await analyze('named/my-run.jsonl', '--json')).out)).toEqual([[0, 'mine']]);
  });

  it('.jsonl.zst and .jsonl.zstd logs are analysed', async () => {
    const text = `${[header('z'), ...turn].join('\n')}\n`;
    folder('zst', { 'run.jsonl.zst': compress(Buffer.from(text), 3), 'other.jsonl.zstd': compress(Buffer.from(text.replace('"z"', '"zz"')), 3) });
    expect(sessionIds((await analyze('zst/run.jsonl.zst', 'zst/other.jsonl.zstd', '--json')).out)).toEqual([[0, 'z'], [1, 'zz']]);
  });

  it('children are read only beside a session.jsonl: a lone session.2.jsonl is a tree of its own', async () => {
    folder('lone', { 'session.2.jsonl': `${header('child', 'gone')}\n` });
    expect(sessionIds((await analyze('lone', '--json')).out)).toEqual([[0, 'child']]);
  });
});

describe('live logs and deep lines', () => {
  it('a half-written last line is left out with a note, exit 0', async () => {
    folder('live', { 'session.jsonl': `${[header('live'), ...turn].join('\n')}\n{"type":"turn/st` });
    const run = await analyze('live');
    expect(run.code).toBe(0);
    expect(run.out).toContain('note: live/session.jsonl:4: the last line has no line break and is not whole JSON yet (16 bytes): a write in progress, left out; the replay reads the log up to line 3');
  });

  it('JSON nested 100,000 deep in a tool call exits 3 with the line and the limit, no stack overflow', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    folder('deep', { 'session.jsonl': `${header('d')}\n{"type":"tool/call","data":{"callId":"c","name":"t","arguments":${deep}}}\n` });
    expect(await analyze('deep')).toEqual({ code: 3, out: '', err: 'kvprefix analyze: deep/session.jsonl:2: column 1063: nested more than 1,000 levels deep; kvprefix reads JSON nested at most that deep\n' });
  });
});

describe('pin files go through the capped, strict reader', () => {
  const placeholder = `${header('pin')}\n{"type":"request/header","data":{"header":{"config":{"provider":"deepseek","model":"deepseek-v4-flash"},"system":"{{system}}","tools":"{{tools}}"},"reason":"initial"}}\n`;

  it('a system-prompt pin linked to /dev/zero is refused at once, naming it', async () => {
    const directory = folder('zero-pin', { 'session.jsonl': placeholder });
    symlinkSync('/dev/zero', path.join(directory, 'system-prompt.expected.md'));
    const started = performance.now();
    const run = await analyze('zero-pin');
    expect(performance.now() - started).toBeLessThan(5000);
    expect(run).toEqual({ code: 3, out: '', err: `kvprefix analyze: ${path.join(directory, 'system-prompt.expected.md')}: cannot read: is a character device, not a file\n` });
  });

  it('a pin with invalid UTF-8 is refused with its byte offset, not read as U+FFFD', async () => {
    const directory = folder('latin-pin', { 'session.jsonl': placeholder, 'system-prompt.expected.md': Buffer.from([0x68, 0x69, 0xff, 0x0a]), 'tool-schemas.expected.json': '{"initial":[],"changes":[]}' });
    expect(await analyze('latin-pin')).toEqual({ code: 3, out: '', err: `kvprefix analyze: ${path.join(directory, 'system-prompt.expected.md')}:1: byte 2 (0xFF): not valid UTF-8\n` });
  });
});
