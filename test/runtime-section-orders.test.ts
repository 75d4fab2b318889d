import { readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { SECTION_ORDERS, splitRenderedPrompt } from '../src/providers/runtime/index.js';
import { describeWithCorpus } from './support/corpus.js';
import { DSH, HEADLESS, readPinnedSystemText, readRows } from './support/runtime-corpus.js';

function pins(): { scenario: string; child: number | undefined; root: string }[] {
  const found: { scenario: string; child: number | undefined; root: string }[] = [];
  for (const example of ['acp-agent', 'headless-agent', 'jsonrpc-agent']) {
    const root = path.join(DSH, 'examples', example, 'tests/snapshots');
    for (const scenario of readdirSync(root)) {
      for (const file of readdirSync(path.join(root, scenario))) {
        const match = /^system-prompt(?:\.(\d+))?\.expected\.md$/.exec(file);
        if (match) found.push({ scenario, child: match[1] === undefined ? undefined : Number(match[1]), root });
      }
    }
  }
  return found;
}

describeWithCorpus('dsh', "runtime: DSH's section orders, checked against every pinned head", () => {
  it('splits every pinned system prompt into catalogued sections whose orders never decrease and that join back byte for byte', () => {
    const all = pins();
    expect(all.length).toBe(18);
    for (const pin of all) {
      const system = readPinnedSystemText(pin.scenario, pin.child, pin.root).slice(0, -1);
      const sections = splitRenderedPrompt(system, pin.scenario);
      expect(sections.map((section) => section.text).join('\n\n'), pin.scenario).toBe(system);
      for (const [index, section] of sections.entries()) if (index > 0) expect(section.order).toBeGreaterThanOrEqual(sections[index - 1]!.order);
      expect(sections[0]!.name).toBe('harness:identity');
      // Every guidance section is one paragraph: an uncatalogued section would show up glued to its predecessor.
      const multiParagraph = sections.filter((section) => section.text.trim().includes('\n\n')).map((section) => section.name);
      for (const name of multiParagraph) expect(['deployment:persona', 'tool:cordis', 'tools:sdk'], `${pin.scenario}: ${name}`).toContain(name);
    }
  });

  it('finds the text-turn head as identity, persona and the tool-guidance band in DSH order', () => {
    const sections = splitRenderedPrompt(readPinnedSystemText('text-turn').slice(0, -1), 'text-turn');
    expect(sections.map((section) => [section.name, section.order])).toEqual([
      ['harness:identity', -100],
      ['deployment:persona', 0],
      ['tool:read', 100],
      ['tool:write', 101],
      ['tool:edit', 102],
      ['tool:bash', 105],
      ['tool:jobs', 106],
      ['tool:goal', 114],
      ['tool:workflow', 115],
      ['tool:ralph', 116],
      ['tool:subagent', 116.5],
    ]);
    // The ACP persona is a YAML block scalar: its text keeps the trailing newline.
    expect(sections[1]!.text.endsWith('factual.\n')).toBe(true);
  });

  it('places tools:code-only at 99 and tools:sdk at 150 in the code-mode head', () => {
    const names = splitRenderedPrompt(readPinnedSystemText('code-mode-turn').slice(0, -1), 'code-mode-turn').map((section) => section.name);
    expect(names.slice(0, 4)).toEqual(['harness:identity', 'deployment:persona', 'tools:code-only', 'tool:read']);
    expect(names.at(-1)).toBe('tools:sdk');
  });

  it('keeps registration order on a tie: the headless head has workflow before cordis, both at 115', () => {
    const header = readRows(path.join(HEADLESS, 'advanced-toolchain/session.jsonl')).find((row) => row.type === 'request/header')!.data.header;
    const sections = splitRenderedPrompt(header.system, 'advanced-toolchain');
    const workflow = sections.findIndex((section) => section.name === 'tool:workflow');
    expect(sections[workflow + 1]).toMatchObject({ name: 'tool:cordis', order: SECTION_ORDERS['tool:workflow'] });
  });

  it('reports text that does not fit the catalogue as bad input', () => {
    expect(() => splitRenderedPrompt('no identity here', 'bad.md')).toThrow(/^bad\.md: /);
    const reversed = 'You are an AI agent powered by DeepSeek Harness.\n\nCheck the [exit code: N] marker on every bash result.\n\nUse the read tool — not cat.';
    expect(() => splitRenderedPrompt(reversed, 'reversed.md')).toThrow("section 'tool:read' (order 100) follows 'tool:bash' (order 105)");
  });
});
