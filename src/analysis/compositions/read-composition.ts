import path from 'node:path';
import { isMap, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import type { z } from 'zod';
import { InputError } from '../../prefix/index.js';
import { STDIN_NAME, type InputOptions } from '../../providers/index.js';
import { readInputText } from '../../providers/input/index.js';
import { yamlValue } from '../wire/parse-yaml-text.js';
import { childPath, type CompositionProblem, type YamlLocation } from './composition-problem.js';
import { GROUP_PLUGIN, INCLUDE_PLUGIN, includeConfigSchema, insertSchema, patchSchema, rowSchema } from './composition-schema.js';
import { JS_EXPRESSION_TAG } from './js-expression.js';

/** A plugin row as written. Rows of a group follow their group row and name it in `group`. */
export interface CompositionRow extends YamlLocation {
  readonly id: string | undefined;
  readonly name: string;
  /** `true`, `false`, or a `!!js` expression. */
  readonly disabled: unknown;
  readonly config: unknown;
  /** The id (or path) of the enclosing `cordis:group` row. */
  readonly group: string | undefined;
}

/** A change to an existing row. A given `config` replaces the row's whole config (base bundle header). */
export interface RowPatch extends YamlLocation {
  readonly id: string;
  readonly name: string | undefined;
  readonly disabled?: unknown;
  readonly config?: unknown;
  readonly hasConfig: boolean;
  readonly hasDisabled: boolean;
}

/** One step of a layer, applied in order. */
export type LayerEntry =
  | { readonly kind: 'row'; readonly row: CompositionRow }
  | { readonly kind: 'patch'; readonly patch: RowPatch }
  | { readonly kind: 'include'; readonly row: CompositionRow; readonly target: string; readonly patches: readonly LayerEntry[] };

/** A composition file as read: its entries and what did not validate. */
export interface CompositionLayer {
  readonly file: string;
  readonly entries: readonly LayerEntry[];
  readonly problems: readonly CompositionProblem[];
}

/** `*.patch.yml` files hold patches and inserts; every other composition holds rows. */
export function isPatchFile(file: string): boolean {
  return /\.patch\.ya?ml$/i.test(file);
}

/**
 * A `--patch` overlay need not be named `*.patch.yml` (examples/web-cordis/cordis.yml is one): a
 * top-level list with an `insert` step or an entry without a plugin `name` is a patch list.
 */
function looksLikePatchList(root: Node): boolean {
  return isSeq(root) && root.items.some((item) => isMap(item) && (item.has('insert') || !item.has('name')));
}

interface ReadContext {
  readonly file: string;
  /** Directory include paths resolve against. */
  readonly directory: string;
  readonly document: Document;
  readonly lines: LineCounter;
  readonly problems: CompositionProblem[];
}

function lineOf(context: ReadContext, node: Node | null | undefined): number {
  return context.lines.linePos(node?.range?.[0] ?? 0).line;
}

function problem(context: ReadContext, node: Node | undefined, yamlPath: string, code: string, message: string): void {
  context.problems.push({ file: context.file, yamlPath, line: lineOf(context, node), code, message, severity: 'error' });
}

/** Validates a node with a zod schema; each issue becomes a problem at its own YAML path. */
function validate<T>(context: ReadContext, node: Node, yamlPath: string, schema: z.ZodType<T>): T | undefined {
  const parsed = schema.safeParse(yamlValue(() => node.toJS(context.document), context.file, lineOf(context, node)));
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    const issuePath = issue.path.reduce<string>((at, key) => childPath(at, typeof key === 'number' ? key : String(key)), yamlPath);
    const target = isMap(node) || isSeq(node) ? (node.getIn(issue.path as unknown[], true) as Node | undefined) : undefined;
    problem(context, target ?? node, issuePath, 'composition/schema', issue.message);
  }
  return undefined;
}

function readRows(context: ReadContext, sequence: Node, yamlPath: string, group: string | undefined, entries: LayerEntry[]): void {
  if (!isSeq(sequence)) {
    problem(context, sequence, yamlPath, 'composition/not-a-list', 'expected a list of plugin rows');
    return;
  }
  sequence.items.forEach((item, index) => {
    const itemPath = childPath(yamlPath, index);
    const node = item as Node;
    const value = validate(context, node, itemPath, rowSchema);
    if (!value) return;
    const row: CompositionRow = { file: context.file, yamlPath: itemPath, line: lineOf(context, node), id: value.id, name: value.name, disabled: value.disabled ?? false, config: value.config, group };
    if (value.name === INCLUDE_PLUGIN) {
      const config = validate(context, (isMap(node) ? node.get('config', true) : undefined) as Node ?? node, childPath(itemPath, 'config'), includeConfigSchema);
      if (!config) return;
      const patches: LayerEntry[] = [];
      const patchNode = isMap(node) ? (node.getIn(['config', 'patches'], true) as Node | undefined) : undefined;
      if (patchNode) readPatches(context, patchNode, childPath(childPath(itemPath, 'config'), 'patches'), patches);
      entries.push({ kind: 'include', row, target: path.resolve(context.directory, config.path), patches });
      return;
    }
    entries.push({ kind: 'row', row });
    if (value.name === GROUP_PLUGIN && isMap(node)) {
      const children = node.get('config', true) as Node | undefined;
      if (children) readRows(context, children, childPath(itemPath, 'config'), value.id ?? itemPath, entries);
    }
  });
}

function readPatches(context: ReadContext, sequence: Node, yamlPath: string, entries: LayerEntry[]): void {
  if (!isSeq(sequence)) {
    problem(context, sequence, yamlPath, 'composition/not-a-list', 'expected a list of patches');
    return;
  }
  sequence.items.forEach((item, index) => {
    const node = item as Node;
    const itemPath = childPath(yamlPath, index);
    if (isMap(node) && node.has('insert')) {
      if (!validate(context, node, itemPath, insertSchema)) return;
      readRows(context, node.get('insert', true) as Node, childPath(itemPath, 'insert'), undefined, entries);
      return;
    }
    const value = validate(context, node, itemPath, patchSchema);
    if (!value) return;
    const has = (key: string) => isMap(node) && node.has(key);
    entries.push({
      kind: 'patch',
      patch: {
        file: context.file,
        yamlPath: itemPath,
        line: lineOf(context, node),
        id: value.id,
        name: value.name,
        hasConfig: has('config'),
        hasDisabled: has('disabled'),
        ...(has('config') ? { config: value.config } : {}),
        ...(has('disabled') ? { disabled: value.disabled } : {}),
      },
    });
  });
}

/**
 * Reads one composition text. YAML syntax errors are broken input (an `InputError` with the file and
 * line); rows that parse but do not validate are problems returned with their YAML path, so the
 * guard reports every one of them at once.
 */
export function parseComposition(text: string, file: string, directory: string = path.dirname(path.resolve(file)), patchFile: boolean = isPatchFile(file)): CompositionLayer {
  const lines = new LineCounter();
  const document = parseDocument(text, { lineCounter: lines, customTags: [JS_EXPRESSION_TAG], uniqueKeys: true, prettyErrors: true });
  const [error] = document.errors;
  if (error) {
    const raw = error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
    // The parser recurses per level: thousands of nested collections overflow its stack, which is the input's depth, not a bug.
    const reason = /Maximum call stack size exceeded/.test(raw) ? 'collections nest too deeply to read' : raw;
    throw new InputError('input/malformed-yaml', `not valid YAML: ${reason}`, { source: file, line: error.linePos?.[0]?.line });
  }
  // `!!js` is the one tag DSH compositions use; `yaml` would read any other unknown tag's value as a
  // plain string with only a warning, so a typo such as `!!jss` would silently become a literal.
  const unknownTag = document.warnings.find((warning) => warning.code === 'TAG_RESOLVE_FAILED');
  if (unknownTag) {
    const reason = unknownTag.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '').replace('tag:yaml.org,2002:', '!!');
    throw new InputError('input/unknown-yaml-tag', `${reason}: DSH compositions know only !!js`, { source: file, line: unknownTag.linePos?.[0]?.line });
  }
  const context: ReadContext = { file, directory, document, lines, problems: [] };
  const entries: LayerEntry[] = [];
  const root = document.contents as Node | null;
  // Nothing to guard is not a pass: a truncated or wrongly named file would otherwise go green.
  if (root === null) throw new InputError('input/empty-composition', 'the file holds no composition (it is empty or only comments)', { source: file, line: 1 });
  if (patchFile || looksLikePatchList(root)) readPatches(context, root, '', entries);
  else readRows(context, root, '', undefined, entries);
  return { file, entries, problems: context.problems };
}

/** How composition files are read: the size limit, and what `-` reads. */
export type CompositionInput = Pick<InputOptions, 'maxInputBytes' | 'stdin'>;

/**
 * Reads a composition file (`-`: standard input); an unreadable, oversized or non-UTF-8 file is an `InputError` worded as
 * every other reader words it (`cannot read: no such file`).
 */
export async function readComposition(file: string, label = file, options: CompositionInput = {}): Promise<CompositionLayer> {
  const text = await readInputText(file, { label, ...options });
  // Standard input has no folder: its includes resolve against the working directory.
  const directory = file === STDIN_NAME ? process.cwd() : path.dirname(path.resolve(file));
  return parseComposition(text, label, directory, isPatchFile(file));
}
