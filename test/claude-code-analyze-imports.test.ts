import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadedModules } from './support/import-graph.js';

// Issue 20 §5: `kvprefix analyze` over a Claude Code projects folder is timed against ccusage, whose
// whole start is one bundled file. Loading modules the run never uses (the DSH, wire-body and
// DeepSeek readers, the agent runtime, a schema library per transcript line) was most of kvprefix's
// time on a small folder, so these tests pin what the Claude Code flow may load.
const SRC = path.resolve(import.meta.dirname, '../src');
const inSrc = (file: string): string => path.relative(SRC, file).split(path.sep).join('/');

// The prefix barrel is allowed: the replay uses most of what it lists (tokenizer, segments, comparison).
// So are the shipped policies (`--policy` names them all; DeepSeek's is its prices and rule, not its
// tokenizer or rendering) and the base parsing helpers of `wire/`; the request-body readers
// (`bodies/`) are not.
const NOT_FOR_CLAUDE_CODE = [/^(providers|analysis)\/index\.ts$/, /^providers\/runtime\//, /^analysis\/(dsh|bodies|guard|simulate|compositions)\//, /^analysis\/deepseek\/(?!deepseek-policy\.ts$)/, /^analysis\/report\/html\//];
const NOT_FOR_CLAUDE_CODE_PACKAGES = [/^zod($|\/)/, /^yaml($|\/)/, /^@lenml\//];

function heavy(entry: string): { files: string[]; packages: string[]; reached: string[] } {
  const { files, packages } = loadedModules(path.join(SRC, entry));
  const reached = [...files].map(inSrc);
  return {
    reached,
    files: reached.filter((file) => NOT_FOR_CLAUDE_CODE.some((pattern) => pattern.test(file))),
    packages: [...packages].filter((name) => NOT_FOR_CLAUDE_CODE_PACKAGES.some((pattern) => pattern.test(name))),
  };
}

describe('analyze over Claude Code projects: what it loads', () => {
  it('the analysis every analyze run goes through statically imports no providers or analysis barrel, runtime, DSH, DeepSeek rendering, request-body reader or HTML module, nor zod, yaml or the DeepSeek tokenizer', () => {
    const { reached, files, packages } = heavy('analysis/analyze/analyze-and-report.ts');
    // The Claude Code reader's replay loads on first use; it is as light once loaded.
    const replay = heavy('analysis/analyze/claude-code-inputs.ts');
    expect(replay.files).toEqual([]);
    expect(replay.packages).toEqual([]);
    expect(reached).toContain('analysis/analyze/analyze-paths.ts');
    // The walks reached the readers, the transcript reader and the replay (an empty closure cannot pass for a light one).
    expect(reached).toContain('analysis/analyze/claude-code-reader.ts');
    expect(replay.reached).toContain('analysis/claude-code/transcript-entry.ts');
    expect(replay.reached).toContain('analysis/claude-code/claude-code-replay.ts');
    expect(files).toEqual([]);
    expect(packages).toEqual([]);
  });

  it('the analyze command does not statically import the analysis: it loads it when it runs', () => {
    const { reached, files, packages } = heavy('cli/commands/shipped-analyze.ts');
    expect(reached).toContain('cli/commands/analyze.ts');
    expect(reached).not.toContain('analysis/analyze/analyze-and-report.ts');
    expect(files).toEqual([]);
    expect(packages).toEqual([]);
  });
});
