import path from 'node:path';
// From the two rooms simulate uses, not the analysis barrel: a streamed replay's process holds only them.
import { policyByName } from '../../analysis/shipped-policies/policy-registry.js';
import { readPriceFile, withPrices } from '../../analysis/policies/price-file.js';
import { simulateTraceFile } from '../../analysis/simulate/read-trace-file.js';
import { simulationJson, simulationText } from '../../analysis/simulate/simulation-report.js';
import type { SimulateTraceOptions } from '../../analysis/simulate/trace-replay.js';
import { terminalText } from '../../analysis/text/terminal-text.js';
import { UsageError } from '../../prefix/index.js';
import { STDIN_NAME } from '../../providers/input/index.js';
import { inputOptions, MAX_INPUT_OPTION } from '../input-options.js';
import type { Command } from '../command.js';
import { SIMULATE_HELP } from './help.js';
import { EXIT, type ExitCode } from '../exit-code.js';
import type { CliIo } from '../io.js';
import { FORMAT_OPTIONS, formatOption } from '../option-values.js';
import { parseOptions } from '../parse-options.js';

/** A numeric option's value, or a usage error naming the option and what it got. */
function numberOption(values: Record<string, unknown>, name: string, integer: boolean): number | undefined {
  const raw = values[name];
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (typeof raw !== 'string' || raw.trim() === '' || !(value > 0) || !Number.isFinite(value) || (integer && !Number.isSafeInteger(value))) {
    throw new UsageError('usage/bad-number', `--${name} must be a positive ${integer ? 'integer' : 'number'}, got '${String(raw)}'`);
  }
  return value;
}

/** `kvprefix simulate <trace>`: hit rate, evictions and expiries of a block-hash trace under a capacity and TTL. */
export const simulateCommand: Command = {
  ...SIMULATE_HELP,
  async run(argv: readonly string[], io: CliIo): Promise<ExitCode> {
    const { values, positionals } = parseOptions(argv, {
      capacity: { type: 'string' },
      ttl: { type: 'string' },
      'block-tokens': { type: 'string' },
      bucket: { type: 'string' },
      policy: { type: 'string' },
      model: { type: 'string' },
      prices: { type: 'string' },
      ...FORMAT_OPTIONS,
      ...MAX_INPUT_OPTION,
    });
    const format = formatOption(values, ['text', 'json']);
    if (positionals.length !== 1) throw new UsageError('usage/arguments', `expected one trace file, got ${positionals.length}`);
    const capacityBlocks = numberOption(values, 'capacity', true);
    const ttlSeconds = numberOption(values, 'ttl', false);
    const blockTokens = numberOption(values, 'block-tokens', true);
    const bucketSeconds = numberOption(values, 'bucket', false);
    const named = typeof values['policy'] === 'string' ? policyByName(values['policy']) : undefined;
    const model = typeof values['model'] === 'string' ? values['model'] : undefined;
    const prices = typeof values['prices'] === 'string' ? values['prices'] : undefined;
    if (named && model === undefined) throw new UsageError('usage/missing-model', `--policy ${named.name} needs --model to price the requests`);
    if (!named && model !== undefined) throw new UsageError('usage/model-without-policy', '--model only applies with --policy');
    if (!named && prices !== undefined) throw new UsageError('usage/prices-without-policy', '--prices only applies with --policy');
    const policy = named && prices !== undefined ? withPrices(named, await readPriceFile(path.resolve(io.cwd, prices), inputOptions(values, io))) : named;
    const options: SimulateTraceOptions = {
      ...(policy ? { policy, model: model! } : {}),
      ...(capacityBlocks === undefined ? {} : { capacityBlocks }),
      ...(ttlSeconds === undefined ? {} : { ttlSeconds }),
      ...(blockTokens === undefined ? {} : { blockTokens }),
      ...(bucketSeconds === undefined ? {} : { bucketSeconds }),
    };
    const file = positionals[0]!;
    const result = await simulateTraceFile(file === STDIN_NAME ? file : path.resolve(io.cwd, file), { ...options, ...inputOptions(values, io), ...(file === STDIN_NAME ? {} : { label: file }) });
    for (const warning of result.warnings) io.stderr(terminalText(`kvprefix simulate: ${file}: warning: ${warning}\n`));
    io.stdout(format === 'json' ? `${JSON.stringify(simulationJson(result))}\n` : simulationText(result));
    return EXIT.ok;
  },
};
