import type { Stats } from 'node:fs';
import { lstat, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { InputError, type LayoutName, type Tokenizer } from '../../prefix/index.js';
import type { HostModelSettings } from '../compositions/llm-settings.js';
import { firstInvalidUtf8, notAFile } from '../../providers/input/index.js';
import { explainUnreadPrefixes } from './unread-prefix.js';
import { treeDuplication, type TreeDuplication } from '../duplication/tree-duplication.js';
import type { CalibrationMode } from '../replay/head-calibration.js';
import type { SessionTreeAnalysis } from '../result/session-analysis.js';
import type { PolicyChoice, PolicyLookup } from '../shipped-policies/policy-choice.js';
import { SESSION_READERS } from './session-reader-list.js';
import { skipReason } from '../inputs/skip-reason.js';
import { isClaudeCodeTranscript, isDshSession } from './session-readers.js';
import { type ReaderInput, type SessionReader } from '../inputs/session-reader.js';
import { inputLimit, type InputLimit } from '../../providers/input/input-chunks.js';

/** Options of `analyzePaths`. */
export interface AnalyzeOptions extends InputLimit {
  /** `auto` (default): each tree's provider picks its policy. */
  readonly policy?: PolicyChoice;
  /** Where policies come from (the shipped ones, with the user's prices applied). */
  readonly policyByName: PolicyLookup;
  /** The provider every wire body reaches, overriding detection. */
  readonly provider?: string;
  readonly layout?: LayoutName;
  readonly tokenizer?: Tokenizer;
  /** Directory relative paths are resolved against (default: the working directory). */
  readonly cwd?: string;
  /** Called as inputs are read: files done, files in all, the file just read, and the requests of the readers done so far. */
  readonly onProgress?: (done: number, total: number, file: string, requests: number) => void;
  /** Which request heads DSH replays calibrate against observed totals (default `auto`: only heads rebuilt from placeholders). */
  readonly calibrate?: CalibrationMode;
  /** The host composition's DeepSeek settings, applied to DSH requests whose header records none (`readHostModelSettings`). */
  readonly host?: HostModelSettings;
  /** Predict watch records again under `policyByName`'s policies instead of keeping the watch's predictions (the `--ttl 1h` what-if). */
  readonly replayWatchRecords?: boolean;
  /** The readers to dispatch to (default `SESSION_READERS`). */
  readonly readers?: readonly SessionReader[];
  /**
   * What to keep of each tree once analysed (its unread prefixes explained), called tree by tree as
   * the readers produce them; null leaves a tree out. With it, the result's trees are what it kept
   * and its duplication accounts are null: the caller settles those from the whole trees. `reader`
   * is the name of the reader that read the tree (`dsh`, `claude-code`, `watch`, `wire`).
   */
  readonly settle?: (tree: SessionTreeAnalysis, reader: string) => Promise<SessionTreeAnalysis | null>;
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

/** Why a path cannot be visited, in plain words, from the error `stat` or `readdir` gave. */
function pathFailure(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT') return 'no such file or directory';
  if (code === 'ELOOP') return 'a symbolic link loop';
  if (code === 'ENAMETOOLONG') return 'the path is longer than the system allows';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'ENOTDIR') return 'a folder in the path is a file';
  return `cannot read: ${code ?? (error instanceof Error ? error.message : String(error))}`;
}

/** A file name as a label: bytes that are not UTF-8 shown as `\xNN`, so the name shown is the name on disk. */
function nameLabel(name: Buffer): string | undefined {
  if (firstInvalidUtf8(name) === -1) return undefined;
  let shown = '';
  for (let index = 0; index < name.length; ) {
    const bad = firstInvalidUtf8(name.subarray(index));
    const good = bad === -1 ? name.length : index + bad;
    shown += name.subarray(index, good).toString('utf8');
    if (good < name.length) shown += `\\x${name[good]!.toString(16).padStart(2, '0')}`;
    index = good + 1;
  }
  return shown;
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

  // Each real file or folder once, by device and inode: symbolic links to what was already
  // visited (a link loop, a second link to one log) are listed as skipped, not read again.
  const visited = new Map<string, string>();
  const fail = (input: ReaderInput, named: boolean, code: string, reason: string): void => {
    if (named) throw new InputError(code, reason, { source: input.label });
    skipped.push({ file: input.label, reason });
  };

  async function visit(input: ReaderInput, named: boolean): Promise<void> {
    let info: Stats;
    try {
      info = await stat(input.file);
    } catch (error) {
      const dangling = (error as NodeJS.ErrnoException).code === 'ENOENT' && (await lstat(input.file).catch(() => undefined))?.isSymbolicLink();
      return fail(input, named, 'input/unreadable-file', dangling ? 'a symbolic link to nothing (its target does not exist)' : pathFailure(error));
    }
    const kind = info.isDirectory() ? 'directory' : info.isFile() ? 'file' : undefined;
    // A FIFO would block the read forever, a device never ends: only files and folders are read.
    if (kind === undefined) return fail(input, named, 'input/unreadable-file', `cannot read: ${info.isFIFO() ? 'is a FIFO (named pipe), not a regular file' : notAFile(info)}`);
    const identity = `${info.dev}:${info.ino}`;
    const first = visited.get(identity);
    // Listed, never fatal, even when named twice: the file is read, once.
    if (first !== undefined) return void skipped.push({ file: input.label, reason: `the same ${kind === 'directory' ? 'folder' : 'file'} as ${first} (reached again, e.g. through a link): read once` });
    visited.set(identity, input.label);
    const entry = { ...input, named, ...inputLimit(options) };
    let reader: SessionReader | undefined;
    let reason: string | undefined;
    try {
      reader = await firstClaiming(readers, entry, kind);
      if (!reader && kind === 'file') reason = await unreadReason(entry, kind, readers);
    } catch (error) {
      if (named) throw error;
      return void skipped.push({ file: input.label, reason: skipReason(error, input.label) });
    }
    if (reader) return take(reader, entry);
    if (kind === 'directory') {
      let names: Buffer[];
      try {
        names = await readdir(input.file, { encoding: 'buffer' });
      } catch (error) {
        return fail(input, named, 'input/unreadable-file', pathFailure(error));
      }
      for (const raw of names.sort(Buffer.compare)) {
        const name = raw.toString('utf8');
        if (name.startsWith('.')) continue;
        const shown = nameLabel(raw);
        if (shown !== undefined) {
          skipped.push({ file: path.join(input.label, shown), reason: 'the file name is not valid UTF-8; rename it to read it' });
          continue;
        }
        await visit({ file: path.join(input.file, name), label: path.join(input.label, name) }, false);
      }
      return;
    }
    if (named) throw new InputError('input/unknown-input', reason!, { source: input.label });
    skipped.push({ file: input.label, reason: reason! });
  }
  for (const given of paths) await visit({ file: path.resolve(cwd, given), label: given }, true);

  const total = [...claimed.values()].reduce((sum, inputs) => sum + inputs.length, 0);
  let done = 0;
  let requests = 0;
  const onFile = (file: string) => options.onProgress?.(++done, total, file, requests);
  const trees: SessionTreeAnalysis[] = [];
  let analysed = 0;
  // Trees the readers settled as they went; the rest are settled here, once each.
  const settled = new Set<SessionTreeAnalysis>();
  const settle = async (tree: SessionTreeAnalysis, reader: string): Promise<SessionTreeAnalysis | null> => {
    analysed++;
    // A cause sentence that claims a shared prefix on a row that reads none of it says why.
    const explained = explainUnreadPrefixes(tree, options.policyByName(tree.policy));
    const kept = options.settle ? await options.settle(explained, reader) : explained;
    if (kept !== null) settled.add(kept);
    return kept;
  };
  for (const [reader, inputs] of claimed) {
    const analyzed = await reader.analyze(inputs, {
        policy: options.policy ?? 'auto',
        policyByName: options.policyByName,
        onFile,
        skip: (file, reason) => void skipped.push({ file, reason }),
        ...(options.provider ? { provider: options.provider } : {}),
        ...(options.layout ? { layout: options.layout } : {}),
        ...(options.tokenizer ? { tokenizer: options.tokenizer } : {}),
        ...inputLimit(options),
        ...(options.calibrate ? { calibrate: options.calibrate } : {}),
        ...(options.host ? { host: options.host } : {}),
        ...(options.replayWatchRecords ? { replayWatchRecords: true } : {}),
        settle: (tree) => settle(tree, reader.name),
    });
    for (const tree of analyzed) {
      const kept = settled.has(tree) ? tree : await settle(tree, reader.name);
      if (kept === null) continue;
      trees.push(kept);
      for (const session of kept.sessions) requests += session.requests.length;
    }
  }
  // Directories that hold nothing a reader reads are not an empty success: a wrong folder in CI
  // would otherwise report 0 requests and pass.
  if (analysed === 0) {
    const [first] = skipped;
    const what = first === undefined ? 'no file in it' : `${skipped.length} file${skipped.length === 1 ? '' : 's'} skipped (${first.file}: ${first.reason}${skipped.length > 1 ? '; …' : ''})`;
    throw new InputError('input/nothing-to-analyze', `nothing to analyze: ${what}`, { source: paths.join(', ') });
  }
  const duplications = trees.map((tree) => (options.settle ? null : treeDuplication(tree, options.policyByName(tree.policy))));
  return { trees, duplications, skipped, currency: currencyOf(trees, options.policyByName) };
}
