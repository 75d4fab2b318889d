import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseSystemPromptPin, parseToolSchemasPin, type LoggedToolSchema } from '../../src/providers/index.js';
import { corpusPath, hasCorpus } from './corpus.js';

/** A pinned DSH head whose system prompt carries a `tools:sdk` block. */
export interface PinnedSdkHead {
  /** Pin file, relative to corpus/dsh. */
  readonly file: string;
  readonly system: string;
  /** The `tools:sdk` section: from its heading to the end of the prompt (order 150 is last in every such pin). */
  readonly sdk: string;
  /** The pin's own wire tools, when the scenario has a tool-schemas pin. */
  readonly wireTools: readonly LoggedToolSchema[] | undefined;
}

const SDK_HEADING = '## Writing code for run_code';

function pinFiles(suffix: RegExp): string[] {
  const root = corpusPath('dsh');
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((name) => suffix.test(path.basename(name)))
    .sort();
}

/** Every pinned head in corpus/dsh with an SDK block, sorted by file (none without the corpus). */
export function pinnedSdkHeads(): PinnedSdkHead[] {
  if (!hasCorpus('dsh')) return [];
  const heads: PinnedSdkHead[] = [];
  for (const file of pinFiles(/^system-prompt(\.\d+)?\.expected\.md$/)) {
    const { initial } = parseSystemPromptPin(readFileSync(corpusPath('dsh', file), 'utf8'), file);
    const start = initial.indexOf(`\n\n${SDK_HEADING}`);
    if (start < 0) continue;
    const toolsFile = path.join(path.dirname(file), path.basename(file).replace('system-prompt', 'tool-schemas').replace(/\.md$/, '.json'));
    let wireTools: readonly LoggedToolSchema[] | undefined;
    try {
      wireTools = parseToolSchemasPin(readFileSync(corpusPath('dsh', toolsFile), 'utf8'), toolsFile).initial;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    heads.push({ file, system: initial, sdk: initial.slice(start + 2), wireTools });
  }
  return heads;
}

/**
 * Each tool's schema as the corpus pins it: for every name, the variant most tool-schemas pins carry
 * (ties: the first file in sorted order). Code Mode `code` heads put only `run_code` on the wire, so
 * their end tools' schemas come from the deployment's other pins.
 */
export function pinnedToolSchemas(): Map<string, LoggedToolSchema> {
  const variants = new Map<string, Map<string, { schema: LoggedToolSchema; count: number }>>();
  if (!hasCorpus('dsh')) return new Map();
  for (const file of pinFiles(/^tool-schemas(\.\d+)?\.expected\.json$/)) {
    for (const schema of parseToolSchemasPin(readFileSync(corpusPath('dsh', file), 'utf8'), file).initial) {
      const byText = variants.get(schema.name) ?? new Map<string, { schema: LoggedToolSchema; count: number }>();
      const key = JSON.stringify(schema);
      const entry = byText.get(key) ?? { schema, count: 0 };
      entry.count++;
      byText.set(key, entry);
      variants.set(schema.name, byText);
    }
  }
  const chosen = new Map<string, LoggedToolSchema>();
  for (const [name, byText] of variants) {
    const best = [...byText.values()].reduce((a, b) => (b.count > a.count ? b : a));
    chosen.set(name, best.schema);
  }
  return chosen;
}
