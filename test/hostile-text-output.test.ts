import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bufferedIo, runCli } from '../src/cli/index.js';
import { progressLine } from '../src/cli/progress-line.js';
import { lossLine } from '../src/analysis/watch/loss-line.js';
import { corpusPath, describeWithCorpus } from './support/corpus.js';

// Issue 17 §3: `seed`, `guard`, `explain` and `simulate` print text from their inputs (file names,
// package and tool names, currencies and price sources) with control characters shown as escapes,
// and their Markdown with HTML escaped, as `analyze` and `diff` already do.
let root: string;
beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'kvprefix-hostile-text-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function cli(...argv: string[]) {
  const io = bufferedIo(root);
  const code = await runCli(argv, io);
  return { code, out: io.out.join(''), err: io.err.join('') };
}

/** A title escape, a screen clear and a carriage return: what would retitle the window, wipe or overwrite the report. */
const HOSTILE = '\u001b]0;pwned\u0007\u001b[2J\r';
const SHOWN = '\\u001b]0;pwned\\u0007\\u001b[2J\\r';
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

describeWithCorpus('dsh', 'seed', () => {
  it('prints a hostile log file name escaped, on stdout and in the unfinished-line note', async () => {
    const log = readFileSync(corpusPath('dsh', 'examples/acp-agent/tests/snapshots/text-turn/session.jsonl'), 'utf8');
    const name = `turn${HOSTILE}.jsonl`;
    writeFileSync(path.join(root, name), `${log}{"type":"turn/st`);
    const run = await cli('seed', name);
    expect(run.code).toBe(0);
    expect(run.out).not.toMatch(RAW_CONTROL);
    expect(run.out).toMatch(new RegExp(`^turn${SHOWN.replace(/[\\[\]]/g, '\\$&')}\\.jsonl: seed of \\d+ events`));
    expect(run.err).not.toMatch(RAW_CONTROL);
    expect(run.err).toContain(`kvprefix seed: turn${SHOWN}.jsonl:`);
  });
});

describeWithCorpus('dsh', 'guard on a real preset', () => {
  it('names the standard preset under a hostile file name escaped in every finding, text and Markdown', async () => {
    const name = `standard${HOSTILE}<img src=x>.yml`;
    writeFileSync(path.join(root, name), readFileSync(corpusPath('dsh', 'apps/cli/config/agent-presets/standard/agent.cordis.yml'), 'utf8'));
    const host = corpusPath('dsh', 'packages/bundle/base/cordis.patch.yml');
    const text = await cli('guard', name, '--host', host);
    expect(text.code).toBe(1);
    expect(text.out).not.toMatch(RAW_CONTROL);
    expect(text.out).toContain(`error   inherited-history-lost  standard${SHOWN}<img src=x>.yml:193 [12].config[3].config.backgroundMode`);
    const md = await cli('guard', name, '--host', host, '--format', 'md');
    expect(md.out).not.toMatch(RAW_CONTROL);
    expect(md.out).not.toContain('<img');
    expect(md.out).toContain(`## kvprefix guard: \`standard${SHOWN}&lt;img src=x&gt;.yml\` — failed`);
  });
});

describe('guard and explain', () => {
  // YAML's own escapes put ESC, BEL and CR into a package name; `<img>` would render in a PR comment.
  const row = '- id: odd\n  name: "@deepseek-ai/dsh-tool-\\e]0;pwned\\a\\e[2J\\r<img src=x onerror=alert(1)>"\n';
  const packageShown = `@deepseek-ai/dsh-tool-${SHOWN}`;

  it('guard text shows the file and package names escaped', async () => {
    writeFileSync(path.join(root, `preset${HOSTILE}.yml`), row);
    const run = await cli('guard', `preset${HOSTILE}.yml`);
    expect(run.code).toBe(0);
    expect(run.out).not.toMatch(RAW_CONTROL);
    expect(run.out).toContain(`kvprefix guard: preset${SHOWN}.yml (head assembled from the composition)`);
    expect(run.out).toContain(`note: not counted in token numbers: ${packageShown}<img src=x onerror=alert(1)>`);
  });

  it('guard Markdown escapes the HTML and the control characters', async () => {
    writeFileSync(path.join(root, 'preset.yml'), row);
    const run = await cli('guard', 'preset.yml', '--format', 'md');
    expect(run.code).toBe(0);
    expect(run.out).not.toMatch(RAW_CONTROL);
    expect(run.out).not.toContain('<img');
    expect(run.out).toContain(`\`${packageShown}&lt;img src=x onerror=alert(1)&gt;\``);
  });

  it('a row that does not validate is named on stderr with the file name escaped', async () => {
    writeFileSync(path.join(root, `broken${HOSTILE}.yml`), '- id: odd\n  name: 3\n');
    const run = await cli('guard', `broken${HOSTILE}.yml`);
    expect(run.code).toBe(3);
    expect(run.out).not.toMatch(RAW_CONTROL);
    expect(run.err).not.toMatch(RAW_CONTROL);
    expect(run.err).toMatch(new RegExp(`^broken${SHOWN.replace(/[\\[\]]/g, '\\$&')}\\.yml:2: \\[0\\]\\.name: `));
  });

  it('explain Markdown escapes a hostile composition file name', async () => {
    const composition = [
      '- id: fork',
      "  name: '@deepseek-ai/dsh-subagent-fork-in-process'",
      '- id: tool',
      "  name: '@deepseek-ai/dsh-tool-subagent'",
      '  config: { provider: fork, toolName: fork_it, backgroundMode: one-shot }',
      row,
    ].join('\n');
    writeFileSync(path.join(root, `explain${HOSTILE}<b>.yml`), composition);
    const run = await cli('explain', `explain${HOSTILE}<b>.yml`);
    expect(run.code).toBe(0);
    expect(run.out).not.toMatch(RAW_CONTROL);
    expect(run.out).not.toMatch(/<b>|<img/);
    expect(run.out).toContain(`# Model Experience: explain${SHOWN}&lt;b&gt;.yml`);
    expect(run.out).toContain("## fork_it — provider 'fork'");
  });
});

describe('simulate', () => {
  const trace = ['{"timestamp": 0, "input_length": 3000, "output_length": 5, "hash_ids": [1, 2, 3, 4, 5, 6]}', '{"timestamp": 1000, "input_length": 3500, "output_length": 5, "hash_ids": [1, 2, 3, 4, 5, 6, 7]}', ''].join('\n');

  it('prints a hostile trace name, currency and price source escaped', async () => {
    writeFileSync(path.join(root, `trace${HOSTILE}.jsonl`), trace);
    writeFileSync(path.join(root, 'prices.yaml'), 'currency: "E\\e[2JUR"\nsource: "rates\\e]0;pwned\\a\\r"\nprices:\n  vllm:\n    "*": { input: 1, cacheRead: 0.1, cacheWrite: 0, output: 2 }\n');
    const run = await cli('simulate', `trace${HOSTILE}.jsonl`, '--policy', 'vllm', '--model', 'qwen', '--prices', 'prices.yaml');
    expect(run.code).toBe(0);
    expect(run.out).not.toMatch(RAW_CONTROL);
    expect(run.out).toContain(`trace${SHOWN}.jsonl: 2 requests over 1 s`);
    expect(run.out).toMatch(/cost {7}[\d.]+ E\\u001b\[2JUR with reuse, [\d.]+ E\\u001b\[2JUR without \(prices: rates\\u001b\]0;pwned\\u0007\\r/);
  });

  it('prints a warning naming a hostile trace file escaped', async () => {
    // An input_length that disagrees with the hash ids is replayed as given, with a warning.
    writeFileSync(path.join(root, `late${HOSTILE}.jsonl`), ['{"timestamp": 0, "input_length": 0, "output_length": 1, "hash_ids": [1, 2, 3]}', ''].join('\n'));
    const run = await cli('simulate', `late${HOSTILE}.jsonl`);
    expect(run.code).toBe(0);
    expect(run.err).not.toBe('');
    expect(run.err).not.toMatch(RAW_CONTROL);
    expect(run.err).toContain(`kvprefix simulate: late${SHOWN}.jsonl: warning: `);
  });
});

describe('the CLI around the commands', () => {
  it('the progress line on a terminal shows a hostile file name escaped', () => {
    const io = { ...bufferedIo(root), progress: true };
    let now = 0;
    const progress = progressLine(io, 'analyze', () => now);
    now = 5000;
    progress.update(1, 2, `dir/x${HOSTILE}.jsonl`, 10);
    const [line] = io.err;
    // Only the line's own clearing sequence is raw; the name's characters are shown.
    expect(line).toBe(`\r\u001b[2Kanalyze: 1/2 files, 10 requests done; dir/x${SHOWN}.jsonl`);
  });

  it('analyze --fail-on names a broken request of a hostile file escaped on stderr', async () => {
    const system = 'You help with code. '.repeat(200);
    const body = (text: string) => JSON.stringify({ model: 'gpt-4o', messages: [{ role: 'system', content: text }, { role: 'user', content: 'hello' }] });
    writeFileSync(path.join(root, `parent${HOSTILE}.json`), body(system));
    writeFileSync(path.join(root, `child${HOSTILE}.json`), body(`Changed. ${system}`));
    const run = await cli('analyze', `parent${HOSTILE}.json`, `child${HOSTILE}.json`, '--fail-on', 'any-break');
    expect(run.code).toBe(1);
    expect(run.err).not.toMatch(RAW_CONTROL);
    expect(run.err).toContain(`  child${SHOWN}.json child${SHOWN}.json request 0: `);
    expect(run.err).toContain(`(against parent${SHOWN}.json request 0)`);
  });

  it('an unknown command with control characters is named escaped', async () => {
    const run = await cli(`gaurd${HOSTILE}`);
    expect(run.code).toBe(2);
    expect(run.err).not.toMatch(RAW_CONTROL);
    expect(run.err).toMatch(/^kvprefix: unknown command 'gaurd\\u001b\]0;pwned/);
  });
});

describe('the watch', () => {
  it("warn's line names a hostile tool as escapes, on one line", () => {
    const line = lossLine({ cause: 'tool', detail: 'schema changed at .properties.q', at: { kind: 'tool', name: `search${HOSTILE}\n` }, tokens: 12400, cost: 0.037, currency: 'USD' });
    expect(line).toBe(`cache break at tool 'search${SHOWN}\\n' (schema changed at .properties.q): 12,400 tokens prefilled again, ~$0.037`);
  });
});
