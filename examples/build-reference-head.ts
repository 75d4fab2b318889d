/*
 * Builds the bundled reference head (examples/reference-head.json) from every head DeepSeek Harness
 * (MIT) recorded in the shared corpus:
 *
 *   npx tsx examples/build-reference-head.ts [corpus-root]     (default: ../shared/corpus)
 *
 * `kvprefix guard` assembles a head from a composition with these texts, so they come from all the
 * recorded heads, not one: a package only some scenarios load (glob/grep, lsp, the terminal tools,
 * …) has its texts only in those scenarios' pins. A text two pins both carry must be identical, or
 * the build fails naming both; the only tools allowed several schemas are the variants
 * `src/analysis/compositions/tool-variants.ts` names, each recorded with what selects it.
 * test/reference-head-from-corpus.test.ts checks the committed file is exactly what this produces.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PACKAGE_CATALOG } from '../src/analysis/compositions/package-catalog.js';
import { referenceHeadFileText, type ReferenceHeadFile } from '../src/analysis/compositions/reference-head-file.js';
import { recordedSandboxVariant, variantSelector, type ToolVariant } from '../src/analysis/compositions/tool-variants.js';
import { parseSystemPromptPin, parseToolSchemasPin, splitRenderedPrompt, type LoggedToolSchema } from '../src/providers/index.js';

/** The bundled file, beside this script. */
export const REFERENCE_HEAD_FILE = 'reference-head.json';

/** Where DSH's examples are inside the corpus; every head they record is read. */
const DSH_EXAMPLES = 'dsh/examples';

/** Pins left out, by scenario folder (relative to the DSH root), with why. */
const EXCLUDED: Readonly<Record<string, string>> = {
  // Its `job_kill` and `job_output` say "task" (descriptions and parameter descriptions) where every other
  // scenario that records them (18) says "job", and its tool order is not DSH's name order: it
  // was recorded by an older DSH than the rest, so its `pwsh` schema and `tool:pwsh` section may be
  // older too. `dsh-tool-pwsh` stays uncounted rather than assembled from it.
  'examples/acp-agent/tests/snapshots/pwsh-tool-turn': 'recorded by an older DSH: its job_kill and job_output say "task" where the 18 other scenarios that record them say "job"',
};

/**
 * Tools that more than one package registers under one name, attributed by scenario: the schema
 * does not say which package sent it, the scenario's composition does.
 */
const REGISTERED_VARIANTS: Readonly<Record<string, Readonly<Record<string, ToolVariant>>>> = {
  // tests/persistent-pwsh.cordis.snapshot.yml loads `dsh-tool-pwsh-persistent`, not `dsh-tool-pwsh`.
  'examples/acp-agent/tests/snapshots/persistent-pwsh-tool-turn': { pwsh: 'persistent' },
};

const CATALOGUED_TOOLS = new Set(Object.values(PACKAGE_CATALOG).flatMap((entry) => entry.tools));
const CATALOGUED_SECTIONS = new Set(Object.values(PACKAGE_CATALOG).flatMap((entry) => entry.sections));

/** One recorded head: its system prompt and/or tools, and the file (relative to the DSH root) that holds it. */
interface RecordedHead {
  readonly pin: string;
  readonly system?: string;
  readonly tools?: readonly LoggedToolSchema[];
}

function filesUnder(directory: string): string[] {
  return readdirSync(directory)
    .sort()
    .flatMap((entry) => {
      const file = path.join(directory, entry);
      return statSync(file).isDirectory() ? filesUnder(file) : [file];
    });
}

interface LoggedHeader {
  readonly data: { readonly header: { readonly system?: unknown; readonly tools?: unknown } };
}

/** Every head a file records: each prompt of a system pin, each tool list of a schema pin, each inline `request/header` of a log. */
function recordedHeads(file: string, pin: string): RecordedHead[] {
  const name = path.basename(file);
  if (/^system-prompt(\.\d+)?\.expected\.md$/.test(name)) {
    const prompt = parseSystemPromptPin(readFileSync(file, 'utf8'), file);
    return [prompt.initial, ...prompt.changes].map((system) => ({ pin, system }));
  }
  if (/^tool-schemas(\.\d+)?\.expected\.json$/.test(name)) {
    const schemas = parseToolSchemasPin(readFileSync(file, 'utf8'), file);
    return [schemas.initial, ...schemas.changes].map((tools) => ({ pin, tools }));
  }
  if (!/^session(\.\d+)?\.jsonl$/.test(name)) return [];
  // Fixture logs whose head is pinned beside them say `{{system}}` / `{{tools}}`; the rest keep it inline.
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.includes('"type":"request/header"'))
    .map((line) => (JSON.parse(line) as LoggedHeader).data.header)
    .map((header) => ({
      pin,
      ...(typeof header.system === 'string' && header.system !== '{{system}}' ? { system: header.system } : {}),
      ...(Array.isArray(header.tools) ? { tools: header.tools as LoggedToolSchema[] } : {}),
    }));
}

/** Keeps one text per key; a second, different text for the same key is an error naming both pins. */
class Collected<T> {
  readonly #entries = new Map<string, { value: T; text: string; pins: Set<string> }>();

  add(key: string, value: T, text: string, pin: string): void {
    const entry = this.#entries.get(key);
    if (!entry) this.#entries.set(key, { value, text, pins: new Set([pin]) });
    else if (entry.text !== text) throw new Error(`${key}: ${pin} differs from ${[...entry.pins][0]}; record what selects each text in tool-variants.ts or exclude the older pin`);
    else entry.pins.add(pin);
  }

  entries(): { value: T; pins: string[] }[] {
    return [...this.#entries.values()].map(({ value, pins }) => ({ value, pins: [...pins].sort() }));
  }
}

/** The bundled reference head, from the corpus at `corpusRoot`; `leftOut` receives the recorded names no catalogued package owns. */
export function buildReferenceHead(corpusRoot: string, leftOut: Set<string> = new Set()): ReferenceHeadFile {
  const dshRoot = path.join(corpusRoot, 'dsh');
  const sections = new Collected<{ name: string; order: number; text: string }>();
  const tools = new Collected<{ variant: ToolVariant | undefined; schema: LoggedToolSchema }>();
  for (const file of filesUnder(path.join(corpusRoot, DSH_EXAMPLES))) {
    const pin = path.relative(dshRoot, file).split(path.sep).join('/');
    const scenario = path.posix.dirname(pin);
    if (EXCLUDED[scenario] !== undefined) continue;
    for (const head of recordedHeads(file, pin)) {
      for (const section of head.system === undefined ? [] : splitRenderedPrompt(head.system, pin)) {
        // Only packages' texts: the persona, Code Mode's generated SDK and the delegation tools' sections come from each composition's config.
        if (!CATALOGUED_SECTIONS.has(section.name)) leftOut.add(`section ${section.name}`);
        else sections.add(section.name, section, section.text, pin);
      }
      for (const schema of head.tools ?? []) {
        if (!CATALOGUED_TOOLS.has(schema.name)) {
          leftOut.add(`tool ${schema.name}`);
          continue;
        }
        const variant = REGISTERED_VARIANTS[scenario]?.[schema.name] ?? recordedSandboxVariant(schema);
        tools.add(`${schema.name} ${variant ?? ''}`, { variant, schema }, JSON.stringify(schema), pin);
      }
    }
  }
  return {
    about: `Section texts and tool schemas of DeepSeek Harness's tool packages, each as every recorded head that carries it has it (pins: paths in the DSH repository). Built by examples/build-reference-head.ts; kvprefix guard assembles heads from compositions with them.`,
    source: 'DeepSeek Harness (https://github.com/deepseek-ai/deepseek-harness) commit b150a551b8, MIT licence: examples/LICENSE-deepseek-harness',
    excluded: Object.entries(EXCLUDED).map(([pin, why]) => ({ pin, why })),
    sections: sections
      .entries()
      .map(({ value, pins }) => ({ ...value, pins }))
      .sort((a, b) => a.order - b.order || a.name.localeCompare(b.name)),
    tools: tools
      .entries()
      .map(({ value: { variant, schema }, pins }) => ({ ...(variant ? { variant, selectedWhen: variantSelector(schema.name, variant) } : {}), schema, pins }))
      .sort((a, b) => a.schema.name.localeCompare(b.schema.name) || (a.variant ?? '').localeCompare(b.variant ?? '')),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const corpusRoot = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../../shared/corpus'));
  const leftOut = new Set<string>();
  const file = buildReferenceHead(corpusRoot, leftOut);
  writeFileSync(path.join(import.meta.dirname, REFERENCE_HEAD_FILE), referenceHeadFileText(file));
  const recorded = new Set([...file.sections.map((section) => section.name), ...file.tools.map((tool) => tool.schema.name)]);
  const unrecorded = [...CATALOGUED_SECTIONS, ...CATALOGUED_TOOLS].filter((name) => !recorded.has(name));
  console.log(`${REFERENCE_HEAD_FILE}: ${file.sections.length} sections, ${file.tools.length} tool schemas`);
  console.log(`catalogued but in no recorded head: ${unrecorded.sort().join(', ') || 'none'}`);
  console.log(`recorded, owned by no catalogued package (left out): ${[...leftOut].sort().join(', ')}`);
}
