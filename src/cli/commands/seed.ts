import { renderSeedText, seedOfLog } from '../../analysis/index.js';
import { UsageError } from '../../prefix/index.js';
import type { Command } from '../command.js';
import { EXIT, type ExitCode } from '../exit-code.js';
import type { CliIo } from '../io.js';
import { parseOptions } from '../parse-options.js';

const USAGE = 'usage: kvprefix seed <session.jsonl[.zstd]> [--json]\n' +
  '  the fork seed a child forked from this DSH session log now would inherit: the prefix through the last turn/end';

/** `kvprefix seed <log>`: the completed-turn prefix a fork child of this session would inherit. */
export const seedCommand: Command = {
  name: 'seed',
  summary: 'the fork seed of a DSH session log: the prefix through its last completed turn',
  usage: USAGE,
  async run(argv: readonly string[], io: CliIo): Promise<ExitCode> {
    const { values, positionals } = parseOptions(argv, { json: { type: 'boolean' } });
    if (positionals.length !== 1) throw new UsageError('usage/arguments', `expected one session log, got ${positionals.length}`);
    const file = positionals[0] as string;
    const seed = await seedOfLog(file, { cwd: io.cwd });
    io.stdout(values['json'] ? `${JSON.stringify(seed)}\n` : renderSeedText(file, seed));
    return EXIT.ok;
  },
};
