import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { InputError, type LayoutName, type Tokenizer } from '../../prefix/index.js';
import { explainUnreadPrefixes } from '../causes/index.js';
import { treeDuplication, type TreeDuplication } from '../duplication/tree-duplication.js';
import type { CalibrationMode } from '../replay/head-calibration.js';
import type { SessionTreeAnalysis } from '../result/session-analysis.js';
import type { PolicyChoice, PolicyLookup } from './policy-choice.js';
import { SESSION_READERS } from './session-reader-list.js';
import { isClaudeCodeTranscript, isDshSession, type ReaderInput, type SessionReader } from './session-readers.js';

/** Options of `analyzePaths`. */
export interface AnalyzeOptions {
  /** `auto` (default): each tree's provider picks its policy. */
  readonly policy?: PolicyChoice;
  /** Where policies come from (the shipped ones, with the user's prices applied). */
  readonly policyByName: PolicyLookup;
  /** The provider every wire body reaches, overriding detection. */
  readonly provider?: string;
  readonly layout?: LayoutName;
  readonly tokenizer?: Tokenizer;
  /** Refuse input files past this many bytes (default 32 MiB, `DEFAULT_MAX_INPUT_BYTES`). */
  readonly maxInputBytes?: number;
  /** Directory relative paths are resolved against (default: the working directory). */
  readonly cwd?: string;
  /** Called as inputs are read: files done, files in all, the file just read, and the requests of the readers done so far. */
  readonly onProgress?: (done: number, total: number, file: string, requests: number) => void;
  /** Which request heads DSH replays calibrate against observed totals (default `auto`: only heads rebuilt from placeholders). */
  readonly calibrate?: CalibrationMode;
  /** The readers to dispatch to (default `SESSION_READERS`). */
  readonly readers?: readonly SessionReader[];
}

/** The result of `kvprefix analyze`: one analysis per session tree, in input order, and what was skipped. */
export interface AnalyzeResult {
  readonly trees: readonly SessionTreeAnalysis[];
  /** One per tree, in the same order: its children as recorded and spawned instead (`treeDuplication`); null for a tree without children. */
  readonly duplications: readonly (TreeDuplication | null)[];
  /** Files inside given directories that no reader reads, with why. */
  readonly skipped: readonly { readonly file: string; readonly reason: string }[];
  /** The currency of every cost (the price tables'). */
  readonly currency: string;
}

async function kindOf(file: string, label: string): Promise<'file' | 'directory'> {
  try {
    return (await stat(file)).isDirectory() ? 'directory' : 'file';
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new InputError('input/unreadable-file', code === 'ENOENT' ? 'no such file or directory' : `cannot read: ${code ?? String(error)}`, { source: label }, { cause: error });
  }
}

async function firstClaiming(readers: readonly SessionReader[], input: ReaderInput, kind: 'file' | 'directory'): Promise<SessionReader | undefined> {
  for (const reader of readers) if (await reader.claims(input, kind)) return reader;
  return undefined;
}

/** Why no registered reader takes a file: a known kind whose reader is not registered, or an unknown file. */
async function unreadReason(input: ReaderInput, kind: 'file' | 'directory', readers: readonly SessionReader[]): Promise<string> {
  if (await isDshSession(input, kind)) return 'a DSH session log or folder, and no DSH reader is registered';
  if (kind === 'file' && (await isClaudeCodeTranscript(input, kind))) return 'a Claude Code transcript, and no Claude Code reader is registered';
  return `not something kvprefix analyze reads (${readers.map((reader) => reader.reads).join('; ')})`;
}

/** The currency the trees' costs are in: their policies' prices for their first models. */
function currencyOf(trees: readonly SessionTreeAnalysis[], lookup: PolicyLookup): string {
  const currencies = new Set<string>();
  for (const tree of trees) {
    const model = tree.sessions.flatMap((session) => session.requests)[0]?.route.model;
    if (model !== undefined) currencies.add(lookup(tree.policy).pricesFor(model).currency);
  }
  if (currencies.size > 1) throw new InputError('input/mixed-currencies', `the price tables use ${[...currencies].join(' and ')}: give every price in one currency (--prices)`);
  return [...currencies][0] ?? 'USD';
}

/**
 * Analyses recorded traffic: files and directories, each dispatched to the first reader that claims
 * it (a directory that is one session tree goes whole to its reader; any other directory is walked
 * and its files dispatched one by one, skipping what no reader reads). A file given by name that no
 * reader reads is an InputError, and so is a named file that cannot be read; a file found by walking
 * that cannot be read is skipped with its reason. Inputs of one reader are analysed together, in order.
 * Paths in which nothing at all can be analysed are an InputError too, naming what was skipped.
 */
export async function analyzePaths(paths: readonly string[], options: AnalyzeOptions): Promise<AnalyzeResult> {
  const readers = options.readers ?? SESSION_READERS;
  const cwd = options.cwd ?? process.cwd();
  const claimed = new Map<SessionReader, ReaderInput[]>();
  const skipped: { file: string; reason: string }[] = [];
  const take = (reader: SessionReader, input: ReaderInput): void => void claimed.set(reader, [...(claimed.get(reader) ?? []), input]);

  async function visit(input: ReaderInput, named: boolean): Promise<void> {
    const kind = await kindOf(input.file, input.label);
    const reader = await firstClaiming(readers, { ...input, named }, kind);
    if (reader) return take(reader, { ...input, named });
    if (kind === 'directory') {
      const names = (await readdir(input.file)).filter((name) => !name.startsWith('.')).sort();
      for (const name of names) await visit({ file: path.join(input.file, name), label: path.join(input.label, name) }, false);
      return;
    }
    const reason = await unreadReason(input, kind, readers);
    if (named) throw new InputError('input/unknown-input', reason, { source: input.label });
    skipped.push({ file: input.label, reason });
  }
  for (const given of paths) await visit({ file: path.resolve(cwd, given), label: given }, true);

  const total = [...claimed.values()].reduce((sum, inputs) => sum + inputs.length, 0);
  let done = 0;
  let requests = 0;
  const onFile = (file: string) => options.onProgress?.(++done, total, file, requests);
  const trees: SessionTreeAnalysis[] = [];
  for (const [reader, inputs] of claimed) {
    const analyzed = await reader.analyze(inputs, {
        policy: options.policy ?? 'auto',
        policyByName: options.policyByName,
        onFile,
        skip: (file, reason) => void skipped.push({ file, reason }),
        ...(options.provider ? { provider: options.provider } : {}),
        ...(options.layout ? { layout: options.layout } : {}),
        ...(options.tokenizer ? { tokenizer: options.tokenizer } : {}),
        ...(options.maxInputBytes === undefined ? {} : { maxInputBytes: options.maxInputBytes }),
        ...(options.calibrate ? { calibrate: options.calibrate } : {}),
    });
    // A cause sentence that claims a shared prefix on a row that reads none of it says why.
    trees.push(...analyzed.map((tree) => explainUnreadPrefixes(tree, options.policyByName(tree.policy))));
    for (const tree of analyzed) for (const session of tree.sessions) requests += session.requests.length;
  }
  // Directories that hold nothing a reader reads are not an empty success: a wrong folder in CI
  // would otherwise report 0 requests and pass.
  if (trees.length === 0) {
    const [first] = skipped;
    const what = first === undefined ? 'no file in it' : `${skipped.length} file${skipped.length === 1 ? '' : 's'} skipped (${first.file}: ${first.reason}${skipped.length > 1 ? '; …' : ''})`;
    throw new InputError('input/nothing-to-analyze', `nothing to analyze: ${what}`, { source: paths.join(', ') });
  }
  const duplications = trees.map((tree) => treeDuplication(tree, options.policyByName(tree.policy)));
  return { trees, duplications, skipped, currency: currencyOf(trees, options.policyByName) };
}
