import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The replay core: one loop turns requests into predicted, priced results (it calls a policy's
 * `predict` and fills the per-request `divergence` and `observed` fields), and every source of
 * requests (DSH trees, Claude Code transcripts, wire bodies, request families) is an adapter of it.
 * A second loop would mean one prediction change edited in several places again. Indexes of earlier
 * requests are classes with a lookup method (`longest`, `sharedWithEach`, `candidates`, `matches`).
 */
const SRC = path.resolve(import.meta.dirname, '../src');

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    return entry.isDirectory() ? sourceFiles(full) : entry.name.endsWith('.ts') ? [full] : [];
  });
}

const relative = (file: string) => path.relative(SRC, file).split(path.sep).join('/');

describe('one replay core', () => {
  const analysis = sourceFiles(path.join(SRC, 'analysis'));

  it('analysis has exactly one replay loop: only replay/replay-loop.ts predicts requests and fills their divergence and observed usage', () => {
    const loops = analysis.filter((file) => {
      const text = readFileSync(file, 'utf8');
      return /\.predict\(/.test(text) && /\bdivergence\b/.test(text) && /\bobserved\b/.test(text);
    });
    expect(loops.map(relative)).toEqual(['analysis/replay/replay-loop.ts']);
  });

  it('the four sources (DSH trees, Claude Code transcripts, wire bodies, request families) are adapters of the loop (ReplaySource)', () => {
    const sources = analysis.filter((file) => /implements ReplaySource</.test(readFileSync(file, 'utf8')));
    expect(sources.map(relative).sort()).toEqual(['analysis/analyze/wire-sequence.ts', 'analysis/claude-code/claude-code-replay.ts', 'analysis/dsh/analyze-dsh-session-tree.ts', 'analysis/family/analyze-request-family.ts']);
  });

  it('no longest-prefix index is added beside the three still to be merged into one (LongestPrefixIndex, SequenceStore, PrefixStore)', () => {
    const indexes = sourceFiles(SRC).filter((file) => /^\s*(?:longest|sharedWithEach|candidates|matches)\(\w+: /m.test(readFileSync(file, 'utf8')));
    expect(indexes.map(relative).sort()).toEqual(['analysis/replay/prefix-store.ts', 'analysis/replay/sequence-store.ts', 'prefix/longest-prefix-index.ts']);
  });

  it('the input cap is declared once: only InputOptions declares maxInputBytes, every other options type takes it from there', () => {
    const declaring = sourceFiles(SRC).filter((file) => /\bmaxInputBytes\??:\s*number\b/.test(readFileSync(file, 'utf8')));
    expect(declaring.map(relative)).toEqual(['providers/input/input-chunks.ts']);
  });
});
