import path from 'node:path';
import { groupDigits } from '../../prefix/group-digits.js';
import { InputError, UsageError } from '../../prefix/index.js';
import type { CompositionProblem, YamlLocation } from './composition-problem.js';
import { readComposition, type CompositionInput, type CompositionLayer, type CompositionRow, type LayerEntry } from './read-composition.js';
import { inputLimit } from '../../providers/input/input-chunks.js';

/** A row after every layer was applied: the row as last written, with any patches on top. */
export interface ResolvedRow {
  readonly id: string | undefined;
  readonly name: string;
  readonly disabled: unknown;
  readonly config: unknown;
  readonly group: string | undefined;
  /** Where the row was written. */
  readonly origin: YamlLocation;
  /** Where its current config came from (the row, or the last patch that replaced it). */
  readonly configFrom: YamlLocation;
}

/** What a preset runs with, joined with its host composition and bundles. */
export interface ResolvedComposition {
  /** The files applied, in order: hosts first, the guarded file last. */
  readonly files: readonly string[];
  readonly rows: readonly ResolvedRow[];
  readonly problems: readonly CompositionProblem[];
}

/** A composition file to apply: its path on disk and the name findings use for it. */
export interface CompositionSource {
  readonly path: string;
  readonly label?: string;
}

/** Includes nest; a cycle or a runaway chain stops here. */
const MAX_INCLUDE_DEPTH = 8;

/**
 * The most include expansions one resolution makes. Depth alone does not bound the work: eight
 * files each including the next ten times expand 10^8 times. Real compositions include a handful of
 * files; past this the composition is refused, not resolved.
 */
export const MAX_INCLUDE_EXPANSIONS = 1000;

/**
 * The most rows and patches includes may apply in one resolution. Counting expansions alone lets a
 * thousand includes of a 5,000-row file apply five million rows; real includes splice in a few
 * dozen. Past this the composition is refused at the include that passes it.
 */
export const MAX_INCLUDED_ENTRIES = 50_000;

/** What one resolution shares: each file parsed once, and the include expansions and entries applied so far. */
interface IncludeWork {
  readonly input: CompositionInput;
  readonly layers: Map<string, Promise<CompositionLayer>>;
  expansions: number;
  includedEntries: number;
}

function fromRow(row: CompositionRow): ResolvedRow {
  return { id: row.id, name: row.name, disabled: row.disabled, config: row.config, group: row.group, origin: row, configFrom: row };
}

class RowTable {
  readonly rows: ResolvedRow[] = [];
  readonly problems: CompositionProblem[] = [];
  // Where each id sits in `rows`: a lookup per row and per patch, so thousands of rows resolve in linear time.
  readonly #byId = new Map<string, number>();

  insert(row: CompositionRow): void {
    // Rows are addressed by id, the last write winning per row (base bundle header).
    const at = row.id === undefined ? undefined : this.#byId.get(row.id);
    if (at !== undefined) {
      this.rows[at] = fromRow(row);
      return;
    }
    if (row.id !== undefined) this.#byId.set(row.id, this.rows.length);
    this.rows.push(fromRow(row));
  }

  apply(entry: Extract<LayerEntry, { kind: 'patch' }>): void {
    const { patch } = entry;
    const at = this.#byId.get(patch.id);
    const current = at === undefined ? undefined : this.rows[at];
    if (at === undefined || !current) {
      this.problems.push({ ...locationOf(patch), code: 'composition/patch-target', severity: 'warning', message: `patch for row '${patch.id}' matches no row loaded before it; Cordis skips it` });
      return;
    }
    if (patch.name !== undefined && patch.name !== current.name) {
      this.problems.push({ ...locationOf(patch), code: 'composition/patch-name', severity: 'warning', message: `patch for row '${patch.id}' asserts '${patch.name}' but the row loads '${current.name}'; Cordis skips it` });
      return;
    }
    this.rows[at] = {
      ...current,
      ...(patch.hasDisabled ? { disabled: patch.disabled } : {}),
      ...(patch.hasConfig ? { config: patch.config, configFrom: locationOf(patch) } : {}),
    };
  }
}

function locationOf(location: YamlLocation): YamlLocation {
  return { file: location.file, yamlPath: location.yamlPath, line: location.line };
}

async function applyLayer(table: RowTable, layer: CompositionLayer, depth: number, seen: readonly string[], work: IncludeWork): Promise<void> {
  table.problems.push(...layer.problems);
  for (const entry of layer.entries) await applyEntry(table, entry, depth, seen, work);
}

/** An included file, read and parsed once per resolution however often it is included. */
function includedLayer(work: IncludeWork, target: string, label: string): Promise<CompositionLayer> {
  let layer = work.layers.get(target);
  if (!layer) {
    layer = readComposition(target, label, { ...inputLimit(work.input) });
    work.layers.set(target, layer);
  }
  return layer;
}

async function applyEntry(table: RowTable, entry: LayerEntry, depth: number, seen: readonly string[], work: IncludeWork): Promise<void> {
  if (entry.kind === 'row') return table.insert(entry.row);
  if (entry.kind === 'patch') return table.apply(entry);
  if (depth >= MAX_INCLUDE_DEPTH || seen.includes(entry.target)) {
    table.problems.push({ ...locationOf(entry.row), code: 'composition/include-cycle', severity: 'error', message: `include of ${entry.target} nests deeper than ${MAX_INCLUDE_DEPTH} or includes itself` });
    return;
  }
  if (++work.expansions > MAX_INCLUDE_EXPANSIONS) {
    throw new InputError('input/include-fan-out', `includes expand more than ${MAX_INCLUDE_EXPANSIONS} times (at ${entry.target}): include each file fewer times`, { source: entry.row.file, line: entry.row.line });
  }
  const label = path.relative(path.dirname(path.resolve(entry.row.file)), entry.target);
  const included = await includedLayer(work, entry.target, path.join(path.dirname(entry.row.file), label));
  work.includedEntries += included.entries.length + entry.patches.length;
  if (work.includedEntries > MAX_INCLUDED_ENTRIES) {
    throw new InputError('input/include-fan-out', `includes apply more than ${groupDigits(MAX_INCLUDED_ENTRIES)} rows and patches (at ${entry.target}, ${groupDigits(included.entries.length)} entries): include each file fewer times`, { source: entry.row.file, line: entry.row.line });
  }
  await applyLayer(table, included, depth + 1, [...seen, entry.target], work);
  for (const patch of entry.patches) await applyEntry(table, patch, depth + 1, seen, work);
}

/**
 * Resolves what a composition runs with, as Cordis loads it: the host compositions and bundle
 * patches first, in the order given, then the guarded file. Rows insert (a later row with an
 * existing id replaces it), patches replace a row's whole `config` or its `disabled`, includes splice
 * another file in and patch it. Unreadable files throw `InputError`; rows that do not validate are
 * problems, never silently dropped.
 */
export async function resolveComposition(sources: readonly CompositionSource[], input: CompositionInput = {}): Promise<ResolvedComposition> {
  if (sources.length === 0) throw new UsageError('guard/no-composition', 'resolveComposition needs at least one composition file');
  const table = new RowTable();
  const work: IncludeWork = { input, layers: new Map(), expansions: 0, includedEntries: 0 };
  const files: string[] = [];
  for (const source of sources) {
    const label = source.label ?? source.path;
    files.push(label);
    const layer = await readComposition(source.path, label, input);
    await applyLayer(table, layer, 0, [path.resolve(source.path)], work);
  }
  return { files, rows: table.rows, problems: table.problems };
}
