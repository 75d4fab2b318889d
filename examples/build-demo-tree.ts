/*
 * Builds the bundled demo session tree (examples/demo-tree/) by running the modelled DeepSeek
 * Harness runtime with a scripted model over the `text-turn` head pinned in the shared corpus:
 *
 *   npx tsx examples/build-demo-tree.ts [corpus-root]     (default: ../shared/corpus)
 *
 * A parent agent answers one question, then, in its second turn, delegates four times: a one-shot
 * fork, a continuable fork (background; its settlement notice reaches the parent at its next step),
 * a spawn, and a spawn under a reviewer persona, and sums up. The
 * delegation tools, the spawn and fork providers, the run driver and the agent loop are the
 * library's own; they write the parent's `session.jsonl` and each child's `session.<n>.jsonl` in
 * DSH's log format. The model is scripted, so the logs carry no usage: predictions are computed,
 * nothing is observed. test/demo-tree-from-corpus.test.ts checks that rebuilding gives the committed
 * files byte for byte.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  AgentHost,
  compositionFromHead,
  createDelegationTool,
  createForkProvider,
  createSpawnProvider,
  parseSystemPromptPin,
  parseToolSchemasPin,
  type AgentHandle,
  type ContextSnapshotSection,
  type DelegationToolConfigInput,
  type HostComposition,
  type LanguageModel,
  type ModelRequest,
  type ToolDefinition,
} from '../src/providers/index.js';
import { requestMentions, ScriptedModel, type ScriptedStep } from '../src/testing/index.js';
import { DSH_SNAPSHOTS } from './build-examples.js';

/** Where the tree is written, inside examples/. */
export const DEMO_TREE_DIRECTORY = 'demo-tree';

/** The route DSH's recorded scenarios use. */
const ROUTE = { provider: 'deepseek-official', model: 'deepseek-v4-flash' } as const;

/** The working directory as DSH fixtures write it (the pinned head and contexts use the same placeholder). */
const FIXTURE_CWD = '{{cwd}}';

/** As corpus/dsh/examples/acp-agent/cordis.yml configures the two tools the `text-turn` head carries. */
const SPAWN_TOOL: DelegationToolConfigInput = { provider: 'spawn', toolName: 'subagent', backgroundMode: 'continuable', maxDepth: 1 };
const FORK_TOOL: DelegationToolConfigInput = { provider: 'fork', toolName: 'subagent_fork', backgroundMode: 'one-shot', enableRunInBackground: false, maxDepth: 1 };

/** Two more delegation tools the demo host mounts beside them: a continuable fork and a persona spawn. */
const CONTINUABLE_FORK_TOOL: DelegationToolConfigInput = { provider: 'fork', toolName: 'subagent_fork_continuable', backgroundMode: 'continuable', maxDepth: 1 };
const REVIEWER_PERSONA =
  'You are a meticulous code reviewer working in {{cwd}}. Check every claim against the code you are given, name each problem with its function and line, and end with a one-sentence verdict.';
const REVIEWER_TOOL: DelegationToolConfigInput = {
  provider: 'spawn',
  toolName: 'subagent_reviewer',
  backgroundMode: 'one-shot',
  enableRunInBackground: false,
  persona: REVIEWER_PERSONA,
  maxDepth: 1,
};

const CODE = `export class LruCache<K, V> {
  readonly #entries = new Map<K, V>();
  constructor(readonly capacity: number) {}

  get(key: K): V | undefined {
    const value = this.#entries.get(key);
    if (value === undefined) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    while (this.#entries.size > this.capacity) {
      const oldest = this.#entries.keys().next().value as K;
      this.#entries.delete(oldest);
    }
  }
}`;

const FIRST_PROMPT = `Here is src/lru-cache.ts from this project:

\`\`\`ts
${CODE}
\`\`\`

Explain in a short paragraph how it keeps the least recently used entry first. Do not use any tools.`;

const FIRST_ANSWER =
  'A JavaScript Map iterates in insertion order, and the cache leans on that: `get` deletes a hit and sets it again, which moves it to the end, and `set` does the same for a written key. ' +
  'The first key in iteration order is therefore always the one touched longest ago, so when the map grows past `capacity`, `set` evicts from the front with `keys().next()` until it fits. ' +
  'Two edge cases follow from the code: a stored `undefined` looks like a miss to `get` (and is never refreshed), and a capacity of 0 evicts every entry right after it is written.';

const SECOND_PROMPT =
  'Now get four independent looks at it through subagents, then summarize: fork a child to write unit tests, fork a continuable child to draft a changelog entry, spawn a child to benchmark it, and ask the reviewer to review it.';

/** The four delegations of the parent's second turn, in order: tool, description, task. */
const DELEGATIONS = [
  { tool: 'subagent_fork', description: 'Write LRU unit tests', prompt: 'Write vitest unit tests for the LruCache discussed above, covering both edge cases you found. Reply with the test file only.' },
  {
    tool: 'subagent_fork_continuable',
    description: 'Draft changelog entry',
    prompt: 'Draft a two-line changelog entry for the LruCache discussed above, mentioning the undefined-value edge case. Reply with the entry only.',
  },
  {
    tool: 'subagent',
    description: 'Benchmark the LRU cache',
    prompt: `Benchmark this class for 1,000,000 mixed get/set calls at capacity 1,000 and report the throughput:\n\n\`\`\`ts\n${CODE}\n\`\`\``,
    arguments: { run_in_background: false },
  },
  { tool: 'subagent_reviewer', description: 'Review the LRU cache', prompt: `Review this class for correctness and API design:\n\n\`\`\`ts\n${CODE}\n\`\`\`` },
] as const;

const CHILD_ANSWERS = [
  "```ts\nimport { describe, expect, it } from 'vitest';\nimport { LruCache } from '../src/lru-cache.js';\n\ndescribe('LruCache', () => {\n  it('evicts the least recently used entry', () => {\n    const cache = new LruCache<string, number>(2);\n    cache.set('a', 1);\n    cache.set('b', 2);\n    cache.get('a');\n    cache.set('c', 3);\n    expect(cache.get('b')).toBeUndefined();\n    expect(cache.get('a')).toBe(1);\n  });\n\n  it('treats a stored undefined as a miss', () => {\n    const cache = new LruCache<string, number | undefined>(2);\n    cache.set('a', undefined);\n    expect(cache.get('a')).toBeUndefined();\n  });\n\n  it('keeps nothing at capacity 0', () => {\n    const cache = new LruCache<string, number>(0);\n    cache.set('a', 1);\n    expect(cache.get('a')).toBeUndefined();\n  });\n});\n```",
  '- LruCache: least-recently-used eviction on a Map, O(1) get and set.\n- Note: a stored `undefined` reads as a miss.',
  'At capacity 1,000 with a 50/50 get/set mix over 5,000 keys, 1,000,000 calls take about 180 ms on Node 20 (about 5.5 M operations/s); delete-and-set on every hit dominates.',
  '`get` (line 5): a stored `undefined` is indistinguishable from a miss; check `has` instead. `constructor` (line 3): a negative or fractional capacity is accepted silently; validate it. `set` (line 12): fine. Verdict: correct for defined values, but the undefined case and capacity validation should be fixed before release.',
];

const SUMMARY =
  'Summary: the forked child wrote three vitest cases (eviction order, stored undefined, capacity 0); the background changelog draft names the LRU eviction and the undefined-value caveat; the benchmark measured about 5.5 M operations/s; the reviewer flags the undefined-as-miss case and unvalidated capacity.';

/** Reads a corpus JSONL file as rows. */
function readRows(file: string): { type: string; data?: any }[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line));
}

/** The runtime contexts DSH recorded in the fork scenario's first snapshot message. */
function recordedContexts(file: string): ContextSnapshotSection[] {
  const snapshot = readRows(file).find((row) => row.type === 'user/message' && row.data?.source?.form === 'snapshot');
  if (!snapshot) throw new Error(`${file}: no runtime-context snapshot`);
  return snapshot.data.source.sections as ContextSnapshotSection[];
}

/** The demo host's composition: the `text-turn` head with its two delegation tools, plus the continuable fork and the reviewer. */
function demoComposition(corpusRoot: string, spawn: ReturnType<typeof createSpawnProvider>, fork: ReturnType<typeof createForkProvider>): HostComposition {
  const pins = path.join(corpusRoot, DSH_SNAPSHOTS, 'text-turn');
  const systemFile = path.join(pins, 'system-prompt.expected.md');
  const toolsFile = path.join(pins, 'tool-schemas.expected.json');
  const system = parseSystemPromptPin(readFileSync(systemFile, 'utf8'), systemFile).initial;
  const tools = parseToolSchemasPin(readFileSync(toolsFile, 'utf8'), toolsFile).initial;
  const executors = new Map<string, ToolDefinition>([
    ['subagent', createDelegationTool(SPAWN_TOOL, spawn).tool],
    ['subagent_fork', createDelegationTool(FORK_TOOL, fork).tool],
  ]);
  const contexts = recordedContexts(path.join(corpusRoot, DSH_SNAPSHOTS, 'subagent-fork-in-process', 'session.jsonl'));
  const base = compositionFromHead({ system, tools: [...tools], source: 'text-turn pin', contexts, executors, approvalComposed: true });
  const continuable = createDelegationTool(CONTINUABLE_FORK_TOOL, fork);
  const reviewer = createDelegationTool(REVIEWER_TOOL, spawn);
  return {
    ...base,
    sections: [...base.sections, ...(continuable.section ? [continuable.section] : [])],
    tools: [...base.tools, continuable.tool, reviewer.tool],
  };
}

/** The scripted model as a provider without usage reporting: the logs then hold no invented usage. */
function withoutUsage(model: LanguageModel): LanguageModel {
  return {
    name: model.name,
    async *stream(request, options) {
      for await (const chunk of model.stream(request, options)) if (chunk.type !== 'usage') yield chunk;
    },
  };
}

/** The script: the parent's steps in order, each child's single answer matched by its task. */
function demoScript(): ScriptedStep[] {
  // A child's request carries its task as a message (followed by its runtime context); the parent's never does.
  const isParent = (request: ModelRequest) => !DELEGATIONS.some((delegation) => requestMentions(request, delegation.prompt));
  const parent = (step: ScriptedStep): ScriptedStep => ({ ...step, match: isParent });
  return [
    parent({ label: 'parent: explain', text: FIRST_ANSWER }),
    ...DELEGATIONS.map((delegation, index) =>
      parent({
        label: `parent: call ${delegation.tool}`,
        toolCalls: [{ id: `call_${index + 1}_${delegation.tool}`, name: delegation.tool, arguments: JSON.stringify({ description: delegation.description, prompt: delegation.prompt, ...('arguments' in delegation ? delegation.arguments : {}) }) }],
      }),
    ),
    parent({ label: 'parent: summary', text: SUMMARY }),
    ...DELEGATIONS.map((delegation, index): ScriptedStep => ({ label: `child ${index + 1}`, text: CHILD_ANSWERS[index]!, match: (request) => requestMentions(request, delegation.prompt) })),
  ];
}

/** Deterministic ids and times, so that two builds write the same bytes. */
function deterministicSources(): { newId: () => string; clock: () => number } {
  let id = 0;
  let time = Date.UTC(2026, 10, 30, 9, 0, 0);
  return { newId: () => `demo-${String(++id).padStart(4, '0')}`, clock: () => (time += 7) };
}

async function settle(host: AgentHost): Promise<void> {
  for (let round = 0; round < 100; round++) {
    const busy = [...host.agents.values()].filter((agent) => agent.status === 'running');
    if (busy.length === 0) return;
    await Promise.all(busy.map((agent) => agent.whenIdle()));
  }
  throw new Error('the demo agents never settled');
}

/** Runs the demo and returns the tree's files (name → JSONL text): `session.jsonl`, then `session.<n>.jsonl` in creation order. */
export async function buildDemoTree(corpusRoot: string): Promise<Map<string, string>> {
  const spawn = createSpawnProvider();
  const fork = createForkProvider();
  const script = new ScriptedModel(demoScript());
  const host = new AgentHost({ composition: demoComposition(corpusRoot, spawn, fork), model: withoutUsage(script), ...deterministicSources() });
  host.subagents.registerProvider(spawn);
  host.subagents.registerProvider(fork);
  const parent = host.createAgent({ ...ROUTE, cwd: FIXTURE_CWD });
  const children: AgentHandle[] = [];
  host.onAgentPublished((agent) => {
    if (agent !== parent) children.push(agent);
  });
  for (const text of [FIRST_PROMPT, SECOND_PROMPT]) {
    parent.followup([{ type: 'text', text }]);
    await parent.whenIdle();
  }
  await settle(host);
  script.assertConsumed();
  const files = new Map<string, string>([['session.jsonl', parent.session.toJsonl()]]);
  children.forEach((child, index) => files.set(`session.${index + 1}.jsonl`, child.session.toJsonl()));
  return files;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const corpusRoot = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../../shared/corpus'));
  const directory = path.join(import.meta.dirname, DEMO_TREE_DIRECTORY);
  mkdirSync(directory, { recursive: true });
  for (const [name, text] of await buildDemoTree(corpusRoot)) {
    writeFileSync(path.join(directory, name), text);
    console.log(`wrote examples/${DEMO_TREE_DIRECTORY}/${name}`);
  }
}
