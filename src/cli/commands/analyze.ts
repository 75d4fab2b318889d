import { closeSync, openSync, writeSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { agentHomeFolders, CALIBRATION_MODES, checkWindow, loadAnalyzeAndReport, loadHomeFolders, loadHostSettings, loadHtmlReport, loadJsonReport, loadMarkdownReport, loadTextReport, localTimeZone, nothingReported, parseTimeOption, POLICY_CHOICES, renderRunVerdict, ROLL_UP_KEYS, runVerdict, terminalText, ZonedClock, type CalibrationMode, type PolicyChoice, type PolicyLookup, type ReportedAnalysis, type RollUpKey } from '../../analysis/analyze-command.js';
import { allowOption, failOnOption } from '../fail-on-options.js';
import { InputError, UsageError } from '../../prefix/errors.js';
import { getTokenizer } from '../../prefix/tokenizer.js';
import { unwritableFile } from '../../providers/input/write-failure.js';
import type { Command } from '../command.js';
import { ANALYZE_HELP } from './help.js';
import { EXIT, type ExitCode } from '../exit-code.js';
import type { CliIo } from '../io.js';
import { MAX_INPUT_OPTION, maxInputBytes } from '../input-options.js';
import { FORMAT_OPTIONS, formatOption, providerOption, type OutputFormat } from '../option-values.js';
import { parseOptions } from '../parse-options.js';
import { progressLine } from '../progress-line.js';

/** `analyze` also draws the HTML prefix map (`--format html -o report.html`). */
const ANALYZE_FORMATS = ['text', 'md', 'json', 'html', 'jsonl'] as const satisfies readonly OutputFormat[];

/** Where `analyze` gets its cache policies: the shipped ones by name, and how a `--prices FILE` re-prices them. */
export interface AnalyzePolicySource {
  readonly policyByName: PolicyLookup;
  /** Reads and validates a price file and returns the lookup with its prices applied. */
  readonly withPriceFile: (file: string, lookup: PolicyLookup) => Promise<PolicyLookup>;
}

function policyOption(value: unknown): PolicyChoice {
  if (value === undefined) return 'auto';
  if (typeof value === 'string' && (POLICY_CHOICES as readonly string[]).includes(value)) return value as PolicyChoice;
  throw new UsageError('usage/unknown-policy', `unknown policy '${String(value)}': use one of ${POLICY_CHOICES.join(', ')}`);
}

/** An optional option that takes one of a fixed list of words: undefined when absent, a usage error naming the words otherwise. */
function oneOf<T extends string>(option: string, code: string, choices: readonly T[], value: unknown): T | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string' && (choices as readonly string[]).includes(value)) return value as T;
  throw new UsageError(code, `unknown --${option} '${String(value)}': use one of ${choices.join(', ')}`);
}

const calibrateOption = (value: unknown): CalibrationMode | undefined => oneOf('calibrate', 'usage/unknown-calibration', CALIBRATION_MODES, value);

function rollUpOption(value: unknown): RollUpKey | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string' && (ROLL_UP_KEYS as readonly string[]).includes(value)) return value as RollUpKey;
  throw new UsageError('usage/unknown-roll-up', `--by '${String(value)}': use one of ${ROLL_UP_KEYS.join(', ')}`);
}

function ttlOption(value: unknown): '5m' | '1h' {
  if (value === undefined || value === '5m') return '5m';
  if (value === '1h') return '1h';
  throw new UsageError('usage/unknown-ttl', `--ttl '${String(value)}': use 5m (as logged) or 1h (replay again under the 1-hour TTL and compare)`);
}

/** Writes chunks to a file as they come, so a long `--json` document is never one string. */
function streamToFile(file: string, label: string, fill: (write: (chunk: string) => void) => void): void {
  let descriptor: number;
  try {
    descriptor = openSync(file, 'w');
  } catch (error) {
    throw unwritableFile(label, error);
  }
  try {
    fill((chunk) => {
      try {
        writeSync(descriptor, chunk);
      } catch (error) {
        // A full disk or a closed device mid-report: the same one-line error as a file that cannot be opened.
        throw unwritableFile(label, error);
      }
    });
  } finally {
    closeSync(descriptor);
  }
}

/** Writes the report as a stream of chunks: the JSON document or the Markdown report, its writer imported only when asked for. */
async function streamedReport(result: ReportedAnalysis, format: 'json' | 'md', options: { segments: boolean; requests: boolean }): Promise<(write: (chunk: string) => void) => void> {
  if (format === 'json') {
    const { writeAnalyzeJson } = await loadJsonReport();
    return (write) => writeAnalyzeJson(result, write, { segments: options.segments });
  }
  const { writeAnalyzeMarkdown } = await loadMarkdownReport();
  return (write) => writeAnalyzeMarkdown(result, write, { requests: options.requests });
}

/** The report as one text: the HTML page or the terminal text; each renderer imported only when asked for. */
async function renderReport(result: ReportedAnalysis, format: 'text' | 'html', options: { colour: boolean; requests: boolean }): Promise<string> {
  if (format === 'html') {
    return (await loadHtmlReport()).renderAnalyzeHtml(result);
  }
  return (await loadTextReport()).renderAnalyzeText(result, options);
}

/** `kvprefix analyze`, with the policies it replays through. */
export function createAnalyzeCommand(source: AnalyzePolicySource): Command {
  return {
    ...ANALYZE_HELP,
    async run(argv: readonly string[], io: CliIo): Promise<ExitCode> {
      const { values, positionals } = parseOptions(argv, {
        policy: { type: 'string' },
        provider: { type: 'string' },
        prices: { type: 'string' },
        tokenizer: { type: 'string' },
        calibrate: { type: 'string' },
        ...FORMAT_OPTIONS,
        output: { type: 'string', short: 'o' },
        project: { type: 'string' },
        since: { type: 'string' },
        until: { type: 'string' },
        timezone: { type: 'string' },
        by: { type: 'string' },
        ttl: { type: 'string' },
        fork: { type: 'boolean' },
        requests: { type: 'boolean' },
        segments: { type: 'boolean' },
        'fail-on': { type: 'string' },
        host: { type: 'string', multiple: true },
        allow: { type: 'string', multiple: true },
        ...MAX_INPUT_OPTION,
      });
      const format = formatOption(values, ANALYZE_FORMATS);
      const policy = policyOption(values['policy']);
      const provider = providerOption(values['provider']);
      // Only a tokenizer asked for is passed on: each reader has its own default (Claude Code
      // transcripts estimate by characters, the rest count with o200k_base).
      const tokenizer = typeof values['tokenizer'] === 'string' ? { tokenizer: getTokenizer(values['tokenizer']) } : {};
      const limit = maxInputBytes(values['max-input-mb']);
      const calibrate = calibrateOption(values['calibrate']);
      const by = rollUpOption(values['by']);
      const failOn = failOnOption(values['fail-on']);
      const allow = allowOption(values['allow'], failOn);
      const ttl = ttlOption(values['ttl']);
      const clock = new ZonedClock(typeof values['timezone'] === 'string' ? values['timezone'] : localTimeZone);
      const since = values['since'];
      const until = values['until'];
      const sinceText = typeof since === 'string' ? since : undefined;
      const untilText = typeof until === 'string' ? until : undefined;
      const window = checkWindow(
        {
          since: sinceText === undefined ? null : parseTimeOption('--since', sinceText, clock),
          until: untilText === undefined ? null : parseTimeOption('--until', untilText, clock),
        },
        sinceText,
        untilText,
      );
      const project = typeof values['project'] === 'string' ? values['project'] : undefined;
      const segments = values['segments'] === true;
      const forkWhatIf = values['fork'] === true;
      const prices = values['prices'];
      const policyByName = typeof prices === 'string' ? await source.withPriceFile(path.resolve(io.cwd, prices), source.policyByName) : source.policyByName;
      if (format === 'html' && typeof values['output'] !== 'string') throw new UsageError('usage/html-needs-output', '--format html writes a page: name it with -o FILE (e.g. -o report.html)');
      const hosts = (values['host'] as string[] | undefined) ?? [];
      if (hosts.length > 0 && positionals.length === 0) throw new UsageError('usage/arguments', '--host applies a composition\'s model settings to DSH session logs: name the logs');
      // The host composition's DeepSeek settings, for DSH logs that do not record them.
      const host = hosts.length === 0 ? undefined : await (await loadHostSettings()).readHostModelSettings(hosts.map((file) => ({ path: path.resolve(io.cwd, file), label: file })), { input: { maxInputBytes: limit } });
      const failVerdict = (trees: ReportedAnalysis['trees']): ExitCode => {
        if (failOn === undefined) return EXIT.ok;
        const verdict = runVerdict(trees, failOn, allow);
        io.stderr(terminalText(renderRunVerdict(verdict)));
        return verdict.failed ? EXIT.findings : EXIT.ok;
      };
      // With no path, Claude Code's projects folders and Codex's sessions folder, as each finds its own,
      // read as any folder named is.
      const home = positionals.length === 0 ? agentHomeFolders(process.env) : undefined;
      const paths = home === undefined ? positionals : await (await loadHomeFolders()).homeFolderPaths(home);
      const projectsFolders = home === undefined ? undefined : paths.filter((folder) => home.folders.includes(folder));
      const filters = { paths, project, since: sinceText, until: untilText, ...(projectsFolders === undefined ? {} : { projectsFolders }) };
      // With no path, a home folder that holds nothing is said as such (no project in it), not as an empty walk.
      const readingHome = async <T>(run: () => Promise<T>): Promise<T> => {
        try {
          return await run();
        } catch (error) {
          const empty = home !== undefined && error instanceof InputError && error.code === 'input/nothing-to-analyze' ? await nothingReported({ trees: [], skipped: [], folders: null }, filters) : null;
          throw empty ?? error;
        }
      };
      if (format === 'jsonl') {
        // Rows are per request: the report's own shapes have no place in them.
        const reportOnly = [['--by', by !== undefined], ['--ttl 1h', ttl === '1h'], ['--fork', forkWhatIf], ['--segments', segments], ['--requests', values['requests'] === true]] as const;
        for (const [option, given] of reportOnly) if (given) throw new UsageError('usage/not-a-row-option', `${option} shapes a report; --format jsonl writes one row per request: leave ${option} out`);
        const output = values['output'];
        const progress = progressLine(io, 'analyze');
        const { analyzeToJsonl } = await import('./analyze-jsonl.js');
        let trees: ReportedAnalysis['trees'];
        try {
          trees = await analyzeToJsonl(
            {
              paths,
              analyzeOptions: { policy, policyByName, ...tokenizer, maxInputBytes: limit, cwd: io.cwd, onProgress: progress.update, ...(provider ? { provider } : {}), ...(calibrate ? { calibrate } : {}), ...(host ? { host } : {}) },
              window,
              policyByName,
              keep: failOn !== undefined,
              ...(project === undefined ? {} : { project }),
              ...(typeof output === 'string' ? { output: { file: path.resolve(io.cwd, output), label: output } } : {}),
            },
            io,
          );
        } finally {
          progress.clear();
        }
        return failVerdict(trees);
      }
      const settle = { window, keepSegments: segments || format === 'html', clock, ...(by ? { by } : {}), ...(project === undefined ? {} : { project }) };
      const progress = progressLine(io, 'analyze');
      let result: ReportedAnalysis;
      try {
        // Each flow imports only what it reads: Claude Code transcripts need no DSH, wire-body or
        // DeepSeek code, and a run over a few transcripts must not spend its time loading them.
        const { analyzeAndReport } = await loadAnalyzeAndReport();
        const options = { ...settle, policy, policyByName, ...tokenizer, maxInputBytes: limit, cwd: io.cwd, ttlWhatIf: ttl === '1h', forkWhatIf, onProgress: progress.update };
        result = await readingHome(() => analyzeAndReport(paths, { ...options, ...(provider ? { provider } : {}), ...(calibrate ? { calibrate } : {}), ...(host ? { host } : {}) }));
      } finally {
        progress.clear();
      }
      // An empty report is no success: it says which filter or folder left nothing (exit 3).
      const empty = await nothingReported({ trees: result.trees, skipped: result.skipped, folders: result.report.folders }, filters);
      if (empty !== null) throw empty;
      const analysed = result;
      // --fail-on: the verdict on what was analysed, on stderr, after the report.
      const exitCode = (): ExitCode => failVerdict(analysed.trees);
      const output = values['output'];
      const colour = io.colour === true && typeof output !== 'string';
      const requests = values['requests'] === true;
      if (format === 'json' || format === 'md') {
        // Streamed: a long run's document is never held as one string.
        const fill = await streamedReport(result, format, { segments, requests });
        if (typeof output === 'string') streamToFile(path.resolve(io.cwd, output), output, fill);
        else fill((chunk) => io.stdout(chunk));
        return exitCode();
      }
      const text = await renderReport(result, format, { colour, requests });
      if (typeof output !== 'string') {
        io.stdout(text);
        return exitCode();
      }
      try {
        await writeFile(path.resolve(io.cwd, output), text);
      } catch (error) {
        throw unwritableFile(output, error);
      }
      return exitCode();
    },
  };
}
