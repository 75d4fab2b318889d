import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BUDGET, runBounded, type BoundedRun } from './support/bounded-run.js';
import { corpusPath, describeWithCorpus } from './support/corpus.js';

// Issue 17 §7 (and §4 for rows spliced in by includes): a preset plus thousands of tool rows is
// guarded in time and memory linear in the rows, within the hostile-input budget; what cannot be
// bounded that way is refused with the file and line, and a composition whose group contains
// itself is refused instead of looping.
const PRESET = ['dsh', 'apps/cli/config/agent-presets/standard/agent.cordis.yml'];
const HOST = ['dsh', 'packages/bundle/base/cordis.patch.yml'];

let root: string;
beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'kvprefix-many-rows-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A delegation tool row: every one mounts its own tool and section into every head. */
function delegationRow(index: number, provider: 'spawn' | 'fork', extra = ''): string {
  return `- id: tool-extra-${index}\n  name: '@deepseek-ai/dsh-tool-subagent'\n  config:\n    provider: ${provider}\n    toolName: extra_${index}\n    backgroundMode: continuable\n${extra}`;
}

/** The standard preset with `rows` delegation tool rows appended, half on the inheriting fork provider. */
function presetWithRows(name: string, rows: number, row: (index: number) => string = (index) => delegationRow(index, index % 2 === 0 ? 'spawn' : 'fork')): string {
  const text = readFileSync(corpusPath(...PRESET), 'utf8') + Array.from({ length: rows }, (_, index) => row(index)).join('');
  writeFileSync(path.join(root, name), text);
  return name;
}

const guard = (file: string) => runBounded(['guard', file, '--host', corpusPath(...HOST)], root);

// The 5,000-row run is read by two tests; it costs seconds, so it runs once.
let fiveThousand: BoundedRun | undefined;
const guardFiveThousand = (): BoundedRun => (fiveThousand ??= guard(presetWithRows('rows-5000.yml', 5000)));

describeWithCorpus('dsh', 'guard: a preset plus thousands of tool rows', () => {
  it('5,000 delegation tool rows are guarded within 5 s and 300 MB, with one finding per inheriting row', () => {
    const run = guardFiveThousand();
    expect(run.code).toBe(1);
    // The preset's own `subagent_fork` and each of the 2,500 fork rows lose the parent's prefix to the report channel.
    const lost = run.out.split('\n').filter((line) => line.startsWith('error   inherited-history-lost'));
    expect(lost).toHaveLength(2501);
    expect(lost.at(-1)).toMatch(/^error {3}inherited-history-lost {2}rows-5000\.yml:\d+ \[\d+\]\.config\.backgroundMode$/);
    expect(run.out).toContain("'extra_4999' (provider 'fork', inherits the parent's context)");
    expect(run.ms).toBeLessThan(BUDGET.ms);
    expect(run.peakRssMb).toBeLessThan(BUDGET.rssMb);
  });

  it('time and memory grow linearly: four times the rows take well under sixteen times the work', () => {
    const small = guard(presetWithRows('rows-1250.yml', 1250));
    const large = guardFiveThousand();
    expect([small.code, large.code]).toEqual([1, 1]);
    // Measured 1,283 ms / 167 MB against 3,577 ms / 270 MB; a square would be 16× in both.
    expect(large.ms / small.ms).toBeLessThan(6);
    expect(large.peakRssMb / small.peakRssMb).toBeLessThan(2.5);
  });

  it('thousands of rows with a persona each are refused at the row past the bound, naming the file and line', () => {
    const file = presetWithRows('personas.yml', 3000, (index) => delegationRow(index, 'fork', `    persona: You review part ${index} of the change.\n`));
    const run = guard(file);
    expect(run.code).toBe(3);
    expect(run.out).toBe('');
    const [, line] = /^kvprefix guard: personas\.yml:(\d+): the delegation tools start [\d,]+ or more different child heads .* \(at 'extra_(\d+)'\): give the delegation tools fewer distinct personas, filters and agent options\n$/.exec(run.err) ?? [];
    expect(line).toBeDefined();
    const text = readFileSync(path.join(root, file), 'utf8').split('\n');
    expect(text[Number(line) - 1]).toMatch(/^- id: tool-extra-\d+$/);
    expect(run.ms).toBeLessThan(BUDGET.ms);
    expect(run.peakRssMb).toBeLessThan(BUDGET.rssMb);
  });
});

it('a thousand includes of a 5,000-row file are refused at the include past 50,000 rows, within 5 s and 300 MB', () => {
  writeFileSync(path.join(root, 'rows.yml'), Array.from({ length: 5000 }, () => "- name: '@deepseek-ai/dsh-tool-fs'\n").join(''));
  writeFileSync(path.join(root, 'fan-out.yml'), Array.from({ length: 1000 }, () => '- name: "@deepseek-ai/cordis-plugin-include"\n  config:\n    path: ./rows.yml\n').join(''));
  const run = runBounded(['guard', 'fan-out.yml'], root);
  // The eleventh include (line 31) takes the total past 50,000.
  expect(run).toMatchObject({ code: 3, out: '', err: `kvprefix guard: fan-out.yml:31: includes apply more than 50,000 rows and patches (at ${path.join(root, 'rows.yml')}, 5,000 entries): include each file fewer times\n` });
  expect(run.ms).toBeLessThan(BUDGET.ms);
  expect(run.peakRssMb).toBeLessThan(BUDGET.rssMb);
});

it('groups nested ten thousand deep are an input error at the file, not a stack overflow', () => {
  const depth = 10_000;
  writeFileSync(path.join(root, 'deep.yml'), `${'[{id: g, name: cordis:group, config: '.repeat(depth)}[{id: leaf, name: '@deepseek-ai/dsh-tool-bash'}]${'}]'.repeat(depth)}\n`);
  const run = runBounded(['guard', 'deep.yml'], root);
  expect(run).toMatchObject({ code: 3, out: '', err: 'kvprefix guard: deep.yml:1: not valid YAML: collections nest too deeply to read\n' });
  expect(run.ms).toBeLessThan(BUDGET.ms);
  expect(run.peakRssMb).toBeLessThan(BUDGET.rssMb);
});

it('a group that a row inside it replaces (the same id) is an invalid composition at the row, not an endless walk', () => {
  writeFileSync(path.join(root, 'self-group.yml'), "- id: shell\n  name: cordis:group\n  config:\n    - id: shell\n      name: '@deepseek-ai/dsh-tool-bash'\n");
  const run = runBounded(['guard', 'self-group.yml'], root);
  expect(run.code).toBe(3);
  expect(run.err).toBe("self-group.yml:4: [0].config[0]: row 'shell' is in group 'shell', whose id a row inside it reuses, so the group contains itself: give the group and its rows distinct ids\n");
  expect(run.ms).toBeLessThan(BUDGET.ms);
});
