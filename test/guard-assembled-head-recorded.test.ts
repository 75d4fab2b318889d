import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { assembleParentHead } from '../src/analysis/guard/delegation-heads.js';
import { guardComposition, type GuardReport } from '../src/analysis/index.js';
import { parseSystemPromptPin, parseToolSchemasPin, splitRenderedPrompt, type AssembledHead, type LoggedToolSchema } from '../src/providers/index.js';
import { corpusPath, describeWithCorpus } from './support/corpus.js';

/*
 * The head `kvprefix guard` assembles from a composition, held against the head DSH sent when it ran
 * that composition: each snapshot scenario below booted the keyless `*.cordis.snapshot.yml` named
 * beside it, and the recorded head is its pins (`system-prompt*.expected.md`,
 * `tool-schemas*.expected.json`; the ACP example) or, where the log keeps the head inline, its first
 * `request/header` (the headless example). A scenario is paired only when the mapping is certain: the scenario and the
 * composition share a name or a comment naming the scenario, or (the default composition) the
 * scenario's delegation tool, route and child head are the default tree's and no composition of
 * the example names it.
 */

type Example = 'acp-agent' | 'headless-agent';
const snapshots = (example: Example) => `examples/${example}/tests/snapshots`;

/** What the guard does with a composition whose head it cannot assemble exactly. */
type Fidelity =
  /** The assembled head is the recorded one, byte for byte. */
  | { readonly kind: 'exact' }
  /**
   * The guard lists `uncounted` (and reports `unresolvedTools` as unresolved delegations), and the
   * recorded head without `notAssembled` is exactly the assembled head: nothing else differs.
   */
  | {
      readonly kind: 'uncounted';
      readonly uncounted: readonly string[];
      readonly unresolvedTools?: readonly string[];
      readonly notAssembled: { readonly tools: readonly string[]; readonly sections: readonly string[] };
    }
  /** A Code Mode head: the guard fails closed with `guard/code-mode-head` (and lists `uncounted`). */
  | { readonly kind: 'code-mode'; readonly uncounted: readonly string[] };

interface RecordedPair {
  /** The DSH example (default `acp-agent`). */
  readonly example?: Example;
  /** Scenario folder under the example's snapshots. */
  readonly scenario: string;
  /** The composition it ran, under the example. */
  readonly composition: string;
  /** Whose head the pins hold: the parent's, or the child a delegation tool's default call starts (`session.1.jsonl`). */
  readonly head: 'parent' | { readonly child: string };
  readonly fidelity: Fidelity;
}

const EXACT = { kind: 'exact' } as const;
const APP = '@deepseek-ai/dsh-tool-';

const PAIRS: readonly RecordedPair[] = [
  { scenario: 'text-turn', composition: 'cordis.snapshot.yml', head: 'parent', fidelity: EXACT },
  { scenario: 'product-subagent-both', composition: 'product-subagent-both.cordis.snapshot.yml', head: 'parent', fidelity: EXACT },
  { scenario: 'product-subagent-codex', composition: 'product-subagent-codex.cordis.snapshot.yml', head: 'parent', fidelity: EXACT },
  { scenario: 'agent-instructions', composition: 'agent-instructions.cordis.snapshot.yml', head: 'parent', fidelity: EXACT },
  { scenario: 'subagent-report', composition: 'subagent-report.cordis.snapshot.yml', head: { child: 'subagent' }, fidelity: EXACT },
  { scenario: 'subagent-continuable-inheritance', composition: 'subagent-continuable-inheritance.cordis.snapshot.yml', head: { child: 'subagent' }, fidelity: EXACT },
  // No composition of the example names these two; they call the default tree's continuable `subagent`.
  { scenario: 'subagent-continuable', composition: 'cordis.snapshot.yml', head: { child: 'subagent' }, fidelity: EXACT },
  { scenario: 'subagent-list-agents', composition: 'cordis.snapshot.yml', head: { child: 'subagent' }, fidelity: EXACT },
  {
    // The twin's `subagent_codex` runs on a test provider the example loads from a local file.
    scenario: 'product-subagent-result-diagnostic',
    composition: 'subagent-result-diagnostic.cordis.snapshot.yml',
    head: 'parent',
    fidelity: { kind: 'uncounted', uncounted: [], unresolvedTools: ['subagent_codex'], notAssembled: { tools: ['subagent_codex'], sections: [] } },
  },
  // Packages only these scenarios load: their texts are in the reference head from these pins, so
  // what the pair checks is who owns them, which variant is selected and where they land.
  { scenario: 'subagent-child-question-rejection', composition: 'child-question.cordis.snapshot.yml', head: 'parent', fidelity: EXACT },
  // `read_image`: the attachment store the composition loads turns it on.
  { scenario: 'read-image', composition: 'image.cordis.snapshot.yml', head: 'parent', fidelity: EXACT },
  // glob/grep, and `bash` unsandboxed: its executor is not `dsh-bash-sandbox`.
  { scenario: 'fs-glob-sampling', composition: 'tests/fs-search.cordis.snapshot.yml', head: 'parent', fidelity: EXACT },
  // `web_fetch` alone: `search: false`.
  { scenario: 'web-fetch', composition: 'web.cordis.snapshot.yml', head: 'parent', fidelity: EXACT },
  { scenario: 'lsp-definition', composition: 'tests/lsp.cordis.snapshot.yml', head: 'parent', fidelity: EXACT },
  { scenario: 'pty-tools', composition: 'pty.cordis.snapshot.yml', head: 'parent', fidelity: EXACT },
  { scenario: 'session-query-spill', composition: 'session-query.cordis.snapshot.yml', head: 'parent', fidelity: EXACT },
  // The persistent package's own `pwsh` schema, and no guidance section.
  { scenario: 'persistent-pwsh-tool-turn', composition: 'tests/persistent-pwsh.cordis.snapshot.yml', head: 'parent', fidelity: EXACT },
  { scenario: 'code-mode-turn', composition: 'code-mode.cordis.snapshot.yml', head: 'parent', fidelity: { kind: 'code-mode', uncounted: [] } },
  { scenario: 'code-mode-read-image', composition: 'code-mode-image.cordis.snapshot.yml', head: 'parent', fidelity: { kind: 'code-mode', uncounted: [] } },
  { scenario: 'advanced-toolchain', composition: 'advanced.cordis.snapshot.yml', head: 'parent', fidelity: { kind: 'code-mode', uncounted: [] } },
  // The headless example runs bash and the filesystem unsandboxed (`dsh-bash-local`, `dsh-fs-local`):
  // `bash`, `write` and `edit` without sandbox escalation.
  { example: 'headless-agent', scenario: 'compaction-recovery', composition: 'compaction.cordis.snapshot.yml', head: 'parent', fidelity: EXACT },
  { example: 'headless-agent', scenario: 'pty-tools', composition: 'pty.cordis.snapshot.yml', head: 'parent', fidelity: EXACT },
  { example: 'headless-agent', scenario: 'advanced-toolchain', composition: 'advanced.cordis.snapshot.yml', head: 'parent', fidelity: { kind: 'code-mode', uncounted: [] } },
];

interface Recorded {
  readonly system: string | undefined;
  readonly tools: readonly LoggedToolSchema[] | undefined;
  /** The route of the log's first `request/header`. */
  readonly route: { readonly provider: string; readonly model: string };
}

interface LoggedHeader {
  readonly data: { readonly header: { readonly config: { provider: string; model: string }; readonly system: unknown; readonly tools: unknown } };
}

/**
 * The head DSH sent: the scenario's own pins (no fallback to another scenario's), else the head its
 * log keeps inline; and the route of the log's first `request/header`.
 */
function recorded(pair: RecordedPair): Recorded {
  const suffix = pair.head === 'parent' ? '' : '.1';
  const file = (name: string) => corpusPath('dsh', snapshots(pair.example ?? 'acp-agent'), pair.scenario, name);
  const systemFile = file(`system-prompt${suffix}.expected.md`);
  const toolsFile = file(`tool-schemas${suffix}.expected.json`);
  const header = readFileSync(file(`session${suffix}.jsonl`), 'utf8')
    .split('\n')
    .filter((line) => line.includes('"type":"request/header"'))
    .map((line) => (JSON.parse(line) as LoggedHeader).data.header)[0];
  if (!header) throw new Error(`${pair.scenario}: no request/header in its log`);
  const inlineSystem = typeof header.system === 'string' && header.system !== '{{system}}' ? header.system : undefined;
  const inlineTools = Array.isArray(header.tools) ? (header.tools as LoggedToolSchema[]) : undefined;
  return {
    system: existsSync(systemFile) ? parseSystemPromptPin(readFileSync(systemFile, 'utf8'), systemFile).initial : inlineSystem,
    tools: existsSync(toolsFile) ? parseToolSchemasPin(readFileSync(toolsFile, 'utf8'), toolsFile).initial : inlineTools,
    route: header.config,
  };
}

/** What the guard assembled for the head the pins hold: the parent's, or a child's default call. */
function assembled(report: GuardReport, pair: RecordedPair): { head: AssembledHead; route: { provider: string; model: string } } {
  if (pair.head === 'parent') return { head: assembleParentHead(report.subject.setup), route: { ...report.subject.setup.route } };
  const tool = pair.head.child;
  const path = report.delegations.find((delegation) => delegation.delegation.tool === tool)?.paths.find((candidate) => candidate.path.isDefault);
  if (path?.outcome.state !== 'assembled') throw new Error(`${pair.scenario}: no assembled default call of '${tool}'`);
  return { head: path.outcome.pair.childHead, route: { ...path.outcome.pair.childRoute } };
}

async function guardPair(pair: RecordedPair): Promise<GuardReport> {
  const composition = path.posix.join('examples', pair.example ?? 'acp-agent', pair.composition);
  // Pins write the session workspace as `{{cwd}}`; assembling with that cwd renders it the same way.
  return guardComposition({ path: corpusPath('dsh', composition), label: composition }, { cwd: '{{cwd}}' });
}

const sectionsOf = (sections: readonly { name: string; text: string }[]) => sections.map(({ name, text }) => ({ name, text }));

describeWithCorpus('dsh', 'guard: the head assembled from a composition is the head DSH sent for it', () => {
  it('pairs every ACP scenario that pins a head of its own (pwsh-tool-turn has its own test below) and every headless one that logs its head inline', () => {
    const scenarios = (example: Example, keeps: (scenario: string) => boolean) => readdirSync(corpusPath('dsh', snapshots(example))).filter(keeps).sort();
    const paired = (example: Example) => PAIRS.filter((pair) => (pair.example ?? 'acp-agent') === example).map((pair) => pair.scenario);
    const acp = scenarios('acp-agent', (scenario) => readdirSync(corpusPath('dsh', snapshots('acp-agent'), scenario)).some((file) => /^(system-prompt|tool-schemas)(\.\d+)?\.expected\./.test(file)));
    expect([...paired('acp-agent'), 'pwsh-tool-turn'].sort()).toEqual(acp);
    const headless = scenarios('headless-agent', (scenario) => {
      const log = corpusPath('dsh', snapshots('headless-agent'), scenario, 'session.jsonl');
      return existsSync(log) && /"type":"request\/header","data":\{"header":\{"config":\{[^}]*\},"system":"(?!\{\{system\}\})/.test(readFileSync(log, 'utf8'));
    });
    expect(paired('headless-agent').sort()).toEqual(headless);
    expect(PAIRS.filter((pair) => pair.fidelity.kind === 'exact')).toHaveLength(18);
  });

  for (const pair of PAIRS) {
    const whose = pair.head === 'parent' ? 'parent' : `'${pair.head.child}' child`;
    it(`${pair.example ?? 'acp-agent'}/${pair.scenario} (${pair.composition}, ${whose} head): ${pair.fidelity.kind}`, async () => {
      const report = await guardPair(pair);
      const pins = recorded(pair);
      expect(pins.system !== undefined || pins.tools !== undefined).toBe(true);
      const { fidelity } = pair;
      if (fidelity.kind === 'code-mode') {
        expect(report.findings).toContainEqual(expect.objectContaining({ kind: 'unresolved', code: 'guard/code-mode-head' }));
        expect(report.ok).toBe(false);
        expect(report.uncounted.map((entry) => entry.package).sort()).toEqual([...fidelity.uncounted].sort());
        return;
      }
      const { head, route } = assembled(report, pair);
      expect(route).toEqual(pins.route);
      if (fidelity.kind === 'exact') {
        expect(report.uncounted).toEqual([]);
        if (pins.system !== undefined) expect(head.system).toBe(pins.system);
        if (pins.tools !== undefined) {
          expect(head.tools.map((tool) => tool.name)).toEqual(pins.tools.map((tool) => tool.name));
          for (const [index, tool] of pins.tools.entries()) expect(head.tools[index], tool.name).toEqual(tool);
        }
        return;
      }
      expect(report.uncounted.map((entry) => entry.package).sort()).toEqual([...fidelity.uncounted].sort());
      const unresolved = report.findings.filter((finding) => finding.kind === 'unresolved').map((finding) => finding.tool);
      expect(unresolved.sort()).toEqual([...(fidelity.unresolvedTools ?? [])].sort());
      if (pins.system !== undefined) {
        const recordedSections = splitRenderedPrompt(pins.system, pair.scenario).filter((section) => !fidelity.notAssembled.sections.includes(section.name));
        expect(sectionsOf(head.sections)).toEqual(sectionsOf(recordedSections));
      }
      if (pins.tools !== undefined) {
        expect(head.tools).toEqual(pins.tools.filter((tool) => !fidelity.notAssembled.tools.includes(tool.name)));
      }
    });
  }

  // The reference head is built without this pin (examples/build-reference-head.ts): an older DSH
  // recorded it, so `dsh-tool-pwsh`'s `pwsh` and `tool:pwsh` stay uncounted rather than taken from it.
  it('pwsh-tool-turn (tests/pwsh.cordis.snapshot.yml): uncounted pwsh, and a pin older than the reference head', async () => {
    const pair: RecordedPair = { scenario: 'pwsh-tool-turn', composition: 'tests/pwsh.cordis.snapshot.yml', head: 'parent', fidelity: EXACT };
    const report = await guardPair(pair);
    const pins = recorded(pair);
    const { head, route } = assembled(report, pair);
    expect(route).toEqual(pins.route);
    expect(report.uncounted).toEqual([{ package: `${APP}pwsh`, reason: expect.stringMatching(/^pwsh, tool:pwsh not in the reference head/) }]);
    const recordedSections = splitRenderedPrompt(pins.system!, pair.scenario).filter((section) => section.name !== 'tool:pwsh');
    expect(sectionsOf(head.sections)).toEqual(sectionsOf(recordedSections));
    // Known difference from the pin's DSH version, not from the composition: this pin puts `pwsh`
    // before the job tools, where DSH's default order (by name, core/system-prompt README `toolOrder`)
    // and the other 18 tool pins of the example sort by name; and its `job_kill` and `job_output`
    // say "task" (descriptions and parameters) where the reference head (the 18 other scenarios that record them) says
    // "job". Everything else is the assembled head.
    expect(pins.tools!.map((tool) => tool.name)).toEqual(['pwsh', 'job_kill', 'job_list', 'job_output']);
    const rest = pins.tools!.filter((tool) => tool.name !== 'pwsh');
    expect(head.tools.map((tool) => tool.name)).toEqual(rest.map((tool) => tool.name));
    for (const [index, tool] of rest.entries()) {
      const assembledTool = head.tools[index]!;
      if (tool.name === 'job_list') expect(assembledTool).toEqual(tool);
      else {
        expect(assembledTool, tool.name).not.toEqual(tool);
        expect(JSON.parse(JSON.stringify(tool).replace(/\btask(s?)\b/g, 'job$1'))).toEqual(assembledTool);
      }
    }
  });
});
