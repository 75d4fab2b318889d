import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareWithCause } from '../src/analysis/causes/attributed-divergence.js';
import { readRequestBody } from '../src/analysis/index.js';
import { bufferedIo, EXIT, runCli } from '../src/cli/index.js';
import { requestByteLength, type PrefixRequest } from '../src/prefix/index.js';

// Anthropic's "What invalidates the cache" table (platform.claude.com/docs/en/build-with-claude/
// prompt-caching), one test per row, on request bodies that differ only in what the row changes.
// No body of the corpus sets tool_choice, thinking, speed or citations, nor holds an image in an
// Anthropic request: these bodies are made up, one small agent turn.
type Body = Record<string, unknown> & { tools: Record<string, unknown>[]; messages: { role: string; content: unknown }[] };

function baseBody(): Body {
  return {
    model: 'claude-sonnet-4-5',
    max_tokens: 256,
    tools: [
      { name: 'read', description: 'Read a file.', input_schema: { type: 'object', properties: { path: { type: 'string' } } } },
      { name: 'grep', description: 'Search the tree.', input_schema: { type: 'object', properties: { pattern: { type: 'string' } } } },
    ],
    system: [{ type: 'text', text: 'You are a careful assistant that reads files before answering.', cache_control: { type: 'ephemeral' } }],
    messages: [
      { role: 'user', content: 'Read README.md' },
      { role: 'assistant', content: 'It describes a prefix cache analyser.' },
      { role: 'user', content: 'Now summarise it in one line.' },
    ],
  };
}

const changed = (edit: (body: Body) => void): Body => {
  const body = baseBody();
  edit(body);
  return body;
};
const read = (body: Body, source: string): PrefixRequest => readRequestBody(body, { source }).request;

/** Bytes of the tools, and of tools and system, as the base body renders them (tools → system → messages). */
function headBytes(): { tools: number; toolsAndSystem: number } {
  const request = read(baseBody(), 'base.json');
  const upTo = (kinds: string[]) => requestByteLength({ ...request, segments: request.segments.filter((segment) => kinds.includes(segment.kind)) });
  return { tools: upTo(['tool']), toolsAndSystem: upTo(['tool', 'system']) };
}

const ROWS = [
  { row: 'Tool definitions', cause: 'tools', keeps: 'nothing', edit: (body: Body) => (body.tools[0]!['description'] = 'Read a file, whole.') },
  { row: 'Web search toggle', cause: 'system-toggle-changed', keeps: 'tools', edit: (body: Body) => body.tools.push({ type: 'web_search_20250305', name: 'web_search', max_uses: 3 }) },
  {
    row: 'Citations toggle',
    cause: 'system-toggle-changed',
    keeps: 'tools',
    edit: (body: Body) => (body.messages[0]!.content = [{ type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'kvprefix' }, citations: { enabled: true } }, { type: 'text', text: 'Read README.md' }]),
    base: (body: Body) => (body.messages[0]!.content = [{ type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'kvprefix' } }, { type: 'text', text: 'Read README.md' }]),
  },
  { row: 'Speed setting', cause: 'speed-changed', keeps: 'tools', edit: (body: Body) => (body['speed'] = 'fast') },
  { row: 'Tool choice', cause: 'tool-choice-changed', keeps: 'tools and system', edit: (body: Body) => (body['tool_choice'] = { type: 'tool', name: 'read' }) },
  {
    row: 'Images',
    cause: 'images-changed',
    keeps: 'tools and system',
    edit: (body: Body) => (body.messages[2]!.content = [{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } }, { type: 'text', text: 'Now summarise it in one line.' }]),
  },
  { row: 'Thinking parameters', cause: 'thinking-changed', keeps: 'tools and system', edit: (body: Body) => (body['thinking'] = { type: 'enabled', budget_tokens: 2048 }) },
] as const;

describe("Anthropic's cache invalidation table, row by row, on request bodies", () => {
  const { tools, toolsAndSystem } = headBytes();
  // Whole segments and bytes both requests share: nothing whole (the first tool differs inside), the tools, or tools and system.
  const kept = { nothing: { segments: 0 }, tools: { segments: 2, bytes: tools }, 'tools and system': { segments: 3, bytes: toolsAndSystem } } as const;
  for (const { row, cause, keeps, edit, ...rest } of ROWS) {
    const base = 'base' in rest ? changed(rest.base) : baseBody();
    it(`${row}: the change parts the requests ${keeps === 'nothing' ? 'inside the first tool' : `after the ${keeps}`} and is named ${cause}`, () => {
      const parent = read(base, 'before.json');
      const child = read(changed((body) => ('base' in rest && rest.base(body), edit(body))), 'after.json');
      const comparison = compareWithCause(parent, child);
      expect(comparison.divergence?.cause).toBe(cause);
      expect(comparison.commonPrefix).toMatchObject(kept[keeps]);
    });
    it(`${row}: changed back, the earlier request is parted at the same place under the same cause`, () => {
      const parent = read(changed((body) => ('base' in rest && rest.base(body), edit(body))), 'after.json');
      const comparison = compareWithCause(parent, read(base, 'before.json'));
      expect(comparison.divergence?.cause).toBe(cause);
      expect(comparison.commonPrefix).toMatchObject(kept[keeps]);
    });
  }

  it('tool_choice changed from one value to another (not only set) parts the requests at the end of the system prompt', () => {
    const parent = read(changed((body) => (body['tool_choice'] = { type: 'auto' })), 'auto.json');
    const child = read(changed((body) => (body['tool_choice'] = { type: 'any' })), 'any.json');
    const comparison = compareWithCause(parent, child);
    expect([comparison.divergence?.cause, comparison.divergence?.kind, comparison.commonPrefix.bytes]).toEqual(['tool-choice-changed', 'setting', toolsAndSystem]);
  });

  it('tool_choice {type: "auto"} and no tool_choice are the same setting (auto is the default when tools are given): no break', () => {
    const auto = read(changed((body) => (body['tool_choice'] = { type: 'auto' })), 'auto.json');
    expect(compareWithCause(read(baseBody(), 'omitted.json'), auto).divergence).toBeNull();
  });

  it('a thinking budget changed is a thinking change; the same settings written with keys in another order are no change', () => {
    const budget = (tokens: number) => read(changed((body) => (body['thinking'] = { type: 'enabled', budget_tokens: tokens })), `budget-${tokens}.json`);
    expect(compareWithCause(budget(2048), budget(4096)).divergence?.cause).toBe('thinking-changed');
    const reordered = read(changed((body) => (body['thinking'] = { budget_tokens: 2048, type: 'enabled' })), 'reordered.json');
    expect(compareWithCause(budget(2048), reordered).divergence).toBeNull();
  });

  it('settings add no bytes and no tokens: a body with tool_choice and thinking counts what the same body without them counts', () => {
    const plain = compareWithCause(read(baseBody(), 'a.json'), read(baseBody(), 'b.json'));
    const set = read(changed((body) => ((body['tool_choice'] = { type: 'any' }), (body['thinking'] = { type: 'enabled', budget_tokens: 2048 }))), 'set.json');
    const withSettings = compareWithCause(set, set);
    expect([withSettings.parent.bytes, withSettings.parent.tokens]).toEqual([plain.parent.bytes, plain.parent.tokens]);
  });
});

describe('kvprefix diff on bodies that differ in a setting', () => {
  const root = path.resolve(import.meta.dirname, '..');
  const folder = mkdtempSync(path.join(tmpdir(), 'kvprefix-invalidation-'));
  const write = (name: string, body: Body) => {
    const file = path.join(folder, name);
    writeFileSync(file, JSON.stringify(body));
    return file;
  };
  const before = write('before.json', baseBody());
  const toolChoice = write('tool-choice.json', changed((body) => (body['tool_choice'] = { type: 'any' })));
  const speed = write('speed.json', changed((body) => (body['speed'] = 'fast')));
  async function run(argv: string[]) {
    const io = bufferedIo(root);
    const code = await runCli(argv, io);
    return { code, out: io.out.join(''), err: io.err.join('') };
  }

  it('--json names the cause and the setting segment where the child parts from the parent', async () => {
    const { code, out } = await run(['diff', before, toolChoice, '--json']);
    expect(code).toBe(EXIT.ok);
    const result = JSON.parse(out) as { divergence: { cause: string; kind: string; segment: string } };
    expect([result.divergence.cause, result.divergence.kind, result.divergence.segment]).toEqual(['tool-choice-changed', 'setting', 'tool_choice']);
  });

  it('the text and Markdown reports name the cause and the table row', async () => {
    for (const format of ['text', 'md']) {
      const { out } = await run(['diff', before, toolChoice, '--format', format]);
      expect(out).toMatch(/tool-choice-changed/);
      expect(out).toMatch(/"Tool choice" row/);
    }
  });

  it('--fail-on any-break fails on a tool_choice change; lost-head passes it (tools and system stay cached) and fails on speed', async () => {
    const anyBreak = await run(['diff', before, toolChoice, '--fail-on', 'any-break']);
    expect(anyBreak.code).toBe(EXIT.findings);
    expect(anyBreak.err).toMatch(/tool-choice-changed/);
    expect((await run(['diff', before, toolChoice, '--fail-on', 'lost-head'])).code).toBe(EXIT.ok);
    const head = await run(['diff', before, speed, '--fail-on', 'lost-head']);
    expect(head.code).toBe(EXIT.findings);
    expect(head.err).toMatch(/speed-changed/);
    expect((await run(['diff', before, toolChoice, '--fail-on', 'any-break', '--allow', 'tool-choice-changed'])).code).toBe(EXIT.ok);
  });
});
