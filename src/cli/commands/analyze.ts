import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { analyzeJson, analyzePaths, POLICY_CHOICES, renderAnalyzeMarkdown, renderAnalyzeText, renderHtmlReport, type PolicyChoice, type PolicyLookup } from '../../analysis/index.js';
import { getTokenizer, UsageError } from '../../prefix/index.js';
import { unwritableFile } from '../../providers/index.js';
import type { Command } from '../command.js';
import { ANALYZE_HELP } from './help.js';
import { EXIT, type ExitCode } from '../exit-code.js';
import type { CliIo } from '../io.js';
import { MAX_INPUT_OPTION, maxInputBytes } from '../input-options.js';
import { formatOption, providerOption, type OutputFormat } from '../option-values.js';
import { parseOptions } from '../parse-options.js';

/** `analyze` also draws the HTML prefix map (`--format html -o report.html`). */
const ANALYZE_FORMATS = ['text', 'md', 'json', 'html'] as const satisfies readonly OutputFormat[];

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

/** A progress line on stderr that rewrites itself, and is cleared when done (only on a terminal, only over several files). */
function progressLine(io: CliIo) {
  let shown = false;
  return {
    update(done: number, total: number, file: string) {
      if (!io.progress || total < 2) return;
      shown = true;
      io.stderr(`\r\u001b[2Kanalyze: ${done}/${total} ${file}`.slice(0, 200));
    },
    clear() {
      if (shown) io.stderr('\r\u001b[2K');
    },
  };
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
        format: { type: 'string' },
        json: { type: 'boolean' },
        output: { type: 'string', short: 'o' },
        ...MAX_INPUT_OPTION,
      });
      if (positionals.length === 0) throw new UsageError('usage/arguments', 'expected at least one file or directory to analyze');
      const policy = policyOption(values['policy']);
      const provider = providerOption(values['provider']);
      const format = formatOption(values, ANALYZE_FORMATS);
      const tokenizer = getTokenizer(typeof values['tokenizer'] === 'string' ? values['tokenizer'] : undefined);
      const limit = maxInputBytes(values['max-input-mb']);
      const prices = values['prices'];
      const policyByName = typeof prices === 'string' ? await source.withPriceFile(path.resolve(io.cwd, prices), source.policyByName) : source.policyByName;
      const progress = progressLine(io);
      let result;
      try {
        result = await analyzePaths(positionals, { policy, policyByName, tokenizer, maxInputBytes: limit, cwd: io.cwd, onProgress: progress.update, ...(provider ? { provider } : {}) });
      } finally {
        progress.clear();
      }
      const output = values['output'];
      const colour = io.colour === true && typeof output !== 'string';
      if (format === 'html' && typeof output !== 'string') throw new UsageError('usage/html-needs-output', '--format html writes a page: name it with -o FILE (e.g. -o report.html)');
      const text =
        format === 'json' ? `${JSON.stringify(analyzeJson(result))}\n`
        : format === 'md' ? renderAnalyzeMarkdown(result)
        : format === 'html' ? renderHtmlReport(result.trees, { skipped: result.skipped })
        : renderAnalyzeText(result, { colour });
      if (typeof output !== 'string') {
        io.stdout(text);
        return EXIT.ok;
      }
      try {
        await writeFile(path.resolve(io.cwd, output), text);
      } catch (error) {
        throw unwritableFile(output, error);
      }
      return EXIT.ok;
    },
  };
}
