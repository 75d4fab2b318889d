import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadedModules } from './support/import-graph.js';

// Issue 7 §4: `kvprefix seed` on a small log must start about as fast as Node itself. What a fresh
// process pays before the command runs is the static import closure of bin.ts → main.ts → the
// command, so these tests pin what that closure may hold (the bench `cli-cold-start` times it).
const SRC = path.resolve(import.meta.dirname, '../src');
const inSrc = (file: string): string => path.relative(SRC, file).split(path.sep).join('/');

// What seed must not load: the barrels (they load everything below them), the runtime, the HTML
// report, the DeepSeek renderer and tokenizer, the token counter and the WASM hash, and the packages
// behind them. Seed reads a session log and finds its last `turn/end`; it needs none of these.
const HEAVY_FILES = [/^(prefix|providers|analysis)\/index\.ts$/, /^providers\/runtime\//, /^analysis\/report\/html\//, /^analysis\/deepseek\//, /^prefix\/(tokenizer|hash|xxhash64|prefix-token-counter)\.ts$/];
// fzstd is imported when a log turns out to be compressed, not before.
const HEAVY_PACKAGES = [/^yaml($|\/)/, /^gpt-tokenizer($|\/)/, /^@lenml\//, /^xxhash-wasm($|\/)/, /^fzstd($|\/)/];

describe('CLI cold start: what a command loads', () => {
  it('the seed command statically imports no barrel, runtime, HTML report, tokenizer or hash file, and none of yaml, gpt-tokenizer, the DeepSeek tokenizer, xxhash-wasm or fzstd', () => {
    const { files, packages } = loadedModules(path.join(SRC, 'cli/commands/seed.ts'));
    const reached = [...files].map(inSrc);
    // The walk found the reader (so an empty closure cannot pass for a light one).
    expect(reached).toContain('providers/session/read-session-log.ts');
    expect(reached).toContain('analysis/report/seed-report.ts');
    expect(reached.filter((file) => HEAVY_FILES.some((heavy) => heavy.test(file)))).toEqual([]);
    expect([...packages].filter((name) => HEAVY_PACKAGES.some((heavy) => heavy.test(name)))).toEqual([]);
  });

  it('the analyze flow (analyze-and-report.ts) statically imports none of the Claude Code replay: the fork what-if loads it on demand', () => {
    const { files } = loadedModules(path.join(SRC, 'analysis/analyze/analyze-and-report.ts'));
    const reached = [...files].map(inSrc);
    // The walk found the readers and the report (so an empty closure cannot pass for a light one).
    expect(reached).toContain('analysis/analyze/analyze-report.ts');
    expect(reached).toContain('analysis/analyze/dsh-reader.ts');
    const replay = reached.filter((file) => /^analysis\/claude-code\/(fork-replay|analyze-claude-code-session|claude-code-replay|api-calls|transcript-entry)\.ts$/.test(file));
    expect(replay).toEqual([]);
  });

  it('bin.ts statically imports no command module: only the command table and the help texts', () => {
    const { files } = loadedModules(path.join(SRC, 'cli/bin.ts'));
    const commandFiles = [...files].map(inSrc).filter((file) => file.startsWith('cli/commands/'));
    expect(commandFiles.sort()).toEqual(['cli/commands/help.ts', 'cli/commands/index.ts']);
  });
});
