import { DEFAULT_MAX_INPUT_BYTES } from '../../providers/input/input-size.js';
import type { CommandHelp } from '../command.js';
import { MAX_INPUT_FLAG, MAX_INPUT_USAGE } from '../input-options.js';

/*
 * What each subcommand says about itself, apart from its code: `kvprefix --help`, an unknown command
 * and `kvprefix <name> --help` print these without importing any command, so they cost no more than
 * Node's own start. Each command module spreads its entry into its `Command`.
 */

export const DEMO_HELP: CommandHelp = {
  name: 'demo',
  summary: 'analyse a bundled DeepSeek Harness parent and its fork and spawn children; write the HTML prefix map',
  usage: 'usage: kvprefix demo [-o FILE] [--format text|json] [--json]',
};

export const DIFF_HELP: CommandHelp = {
  name: 'diff',
  summary: 'where two request bodies stop sharing a cached prefix, and why',
  usage:
    `usage: kvprefix diff <parent> <child> [--layout chat|anthropic] [--provider P] [--tokenizer o200k_base|cl100k_base] [--fail-on lost-head|any-break [--allow CAUSE]...] ${MAX_INPUT_USAGE} [--format text|md|json] [--json]\n` +
    '  <parent>, <child>: request body files (OpenAI/DeepSeek chat, Anthropic messages; JSON) or cassettes (YAML; name.yaml#N picks the N-th request); - reads standard input (a pick of it, -#N, goes after --)\n' +
    '  --provider: the provider both requests reach, when the body does not say (endpoint, model name)\n' +
    '  --fail-on: exit 1 when the child loses the parent\'s cached head (lost-head) or breaks its prefix anywhere (any-break), naming the cause on stderr; --allow CAUSE accepts an expected change\n' +
    `  --${MAX_INPUT_FLAG}: refuse files larger than this many MiB (default ${DEFAULT_MAX_INPUT_BYTES / 1024 / 1024})`,
};

export const SEED_HELP: CommandHelp = {
  name: 'seed',
  summary: 'the fork seed of a DSH session log: the prefix through its last completed turn',
  usage:
    `usage: kvprefix seed <session.jsonl[.zstd]> ${MAX_INPUT_USAGE} [--format text|json] [--json]\n` +
    '  the fork seed a child forked from this DSH session log now would inherit: the prefix through the last turn/end; - reads standard input\n' +
    `  --${MAX_INPUT_FLAG}: refuse logs larger than this many MiB, decompressed (default ${DEFAULT_MAX_INPUT_BYTES / 1024 / 1024})`,
};

export const ANALYZE_HELP: CommandHelp = {
  name: 'analyze',
  summary: 'predicted against observed cache use of recorded sessions and captured requests, with causes and cost',
  usage:
    'usage: kvprefix analyze [<file|dir>...] [--policy auto|deepseek|openai|anthropic|vllm|sglang] [--provider P] [--prices FILE]\n' +
    `                        [--tokenizer o200k_base|cl100k_base] ${MAX_INPUT_USAGE} [--format text|md|json|html|jsonl] [--json] [-o FILE]\n` +
    '                        [--project NAME] [--since DATE] [--until DATE] [--timezone TZ] [--by session|project|day|model]\n' +
    '                        [--ttl 5m|1h] [--fork] [--requests] [--segments] [--calibrate auto|never|first-request]\n' +
    '                        [--fail-on lost-head|any-break [--allow CAUSE]...] [--host <host composition or bundle patch>...]\n' +
    '  <file|dir>: request bodies and cassettes (replayed as one sequence), DSH session folders and logs, Claude Code transcripts, Codex CLI rollouts;\n' +
    '  a directory that is none of these is walked. With no path: Claude Code\'s projects folder ($CLAUDE_CONFIG_DIR/projects, else ~/.claude/projects)\n' +
    '  and Codex\'s sessions folder ($CODEX_HOME/sessions, else ~/.codex/sessions), each that is there.\n' +
    '  --policy auto picks each tree\'s provider\'s policy. --since/--until: 2026-01-23 or 2026-01-23T14:30 in local time (--timezone);\n' +
    '  --by: a roll-up table; --ttl 1h: replay again under the 1-hour TTL and compare;\n' +
    '  --fork: replay again with each subagent forked from its parent\'s request instead of spawned, and compare; --requests: a row per request; --segments: segment lists in --json.\n' +
    '  --format jsonl: one flat JSON object per request (schema 1, see the README\'s "Rows for DuckDB"), written as the replay goes.\n' +
    '  --calibrate: auto (default) corrects only DSH heads rebuilt from placeholders by their first observed total; never; first-request (every head).\n' +
    '  --host: the composition a DSH session ran under (as guard --host takes it); its DeepSeek adapter\'s reasoningEffort and thinking apply where a log records none.\n' +
    '  --tokenizer: counts for inputs without a tokenizer of their own (default o200k_base); Claude Code blocks are sized by characters (~3.5 a token) unless it is given.\n' +
    '  Also reads watch records (watchFetch({ record })). --fail-on: exit 1 when a request lost its cached head (or broke the prefix anywhere), named on stderr; --allow CAUSE accepts an expected change (repeatable).',
};

export const GUARD_HELP: CommandHelp = {
  name: 'guard',
  summary: 'check DSH compositions: delegation heads that lose the inherited cache, volatile heads, unstable order',
  usage:
    'usage: kvprefix guard <composition...> [--host <host composition or bundle patch>...] [--session <parent session log>] [--platform linux|darwin|win32] [--max-input-mb <n>] [--format text|md|json] [--json]\n' +
    '  fails (exit 1) when a delegation would lose the cached prefix its children inherit, when the head is volatile, or when its order is unstable;\n' +
    '  --host names what a preset joins (for DSH CLI presets: packages/bundle/base/cordis.patch.yml); --session uses the head logged in that session; - reads standard input (one input at most)',
};

export const EXPLAIN_HELP: CommandHelp = {
  name: 'explain',
  summary: 'Model Experience cards for each delegation tool of a DSH composition, with its numbers',
  usage:
    'usage: kvprefix explain <composition> [--host <host composition or bundle patch>...] [--session <parent session log>] [--platform linux|darwin|win32] [--max-input-mb <n>] [--format md|json] [--json]\n' +
    '  a Model Experience card per delegation tool and call path: what the child model sees, the token effect, the KV cache effect;\n' +
    '  exit 1 when a delegation cannot be explained (each is named with its reason)',
};

export const SIMULATE_HELP: CommandHelp = {
  name: 'simulate',
  summary: 'replay a block-hash trace (Mooncake) through a prefix cache with capacity (LRU) and TTL',
  usage:
    'usage: kvprefix simulate <trace.jsonl> [--capacity BLOCKS] [--ttl S] [--block-tokens N] [--bucket S] [--policy P --model M [--prices FILE]] [--max-input-mb <n>] [--format text|json] [--json]\n' +
    '  replays a block-hash trace (Mooncake format: timestamp ms, input_length, output_length, hash_ids) through a prefix cache\n' +
    '  --capacity BLOCKS  most blocks held; least recently used evicted beyond it (default: unbounded)\n' +
    '  --ttl S            drop a block unused for S seconds (default: never)\n' +
    '  --block-tokens N   tokens per hash id (default 512, the Mooncake block)\n' +
    '  --bucket S         seconds per point of the hit-rate series (default: at most 60 points; at most 10,000)\n' +
    '  --policy P         bill the hits with a provider cache policy (tokens read, written, uncached; cost); needs --model\n' +
    '  --model M          the model whose prices the policy uses (a model it has no price for is refused)\n' +
    '  --prices FILE      JSON or YAML prices per policy and model, in front of the defaults (one currency)\n' +
    '  --max-input-mb <n> limit on each line of the trace (it is streamed, so the file may be any size)',
};
