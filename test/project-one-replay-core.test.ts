import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The replay core: one loop turns requests into predicted, priced results (it calls a policy's
 * `predict` and fills the per-request `divergence` and `observed` fields), and every source of
 * requests (DSH trees, Claude Code transcripts, wire bodies, request families) is an adapter of it.
 * A second loop would mean one prediction change edited in several places again. Earlier requests are
 * kept in one index, the segment path trie; what each replay reads from it (the longest match, the
 * newest few per source, the live matches) is a lookup method of a store that queries it.
 */
const SRC = path.resolve(import.meta.dirname, '../src');

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    return entry.isDirectory() ? sourceFiles(full) : entry.name.endsWith('.ts') ? [full] : [];
  });
}

const relative = (file: string) => path.relative(SRC, file).split(path.sep).join('/');

/**
 * The types in `text` that make a tree of paths: a node that links to nodes of its own type (parent,
 * children, a jump or sibling) and holds what a path is made of (a segment, segments or units). A
 * store that keeps only a pointer to a node of the one trie (its last segment) is not one.
 */
function treeOfPaths(text: string): string[] {
  const found: string[] = [];
  for (const [, name, body] of text.matchAll(/(?:interface|class)\s+(\w+)[^{]*\{([\s\S]*?)\n\}/g)) {
    const links = new RegExp(`\\b(?:parent|children|child|firstChild|nextSibling|jump)\\??:\\s*[^;\\n]*\\b${name}\\b`).test(body!);
    const holds = /\b(?:segment|segments|units)\??:/.test(body!);
    if (links && holds) found.push(name!);
  }
  return found;
}

describe('one replay core', () => {
  const analysis = sourceFiles(path.join(SRC, 'analysis'));

  it('analysis has exactly one replay loop: only replay/replay-loop.ts predicts requests and fills their divergence and observed usage', () => {
    const loops = analysis.filter((file) => {
      const text = readFileSync(file, 'utf8');
      return /\.predict\(/.test(text) && /\bdivergence\b/.test(text) && /\bobserved\b/.test(text);
    });
    expect(loops.map(relative)).toEqual(['analysis/replay/replay-loop.ts']);
  });

  it('the six sources (DSH trees, Claude Code transcripts, Codex rollouts, wire bodies, request families, watch records replayed) are adapters of the loop (ReplaySource)', () => {
    const sources = analysis.filter((file) => /implements ReplaySource</.test(readFileSync(file, 'utf8')));
    expect(sources.map(relative).sort()).toEqual(['analysis/bodies/wire-sequence.ts', 'analysis/claude-code/claude-code-replay.ts', 'analysis/codex/codex-replay.ts', 'analysis/dsh/analyze-dsh-session-tree.ts', 'analysis/family/analyze-request-family.ts', 'analysis/watch/replay-watch-record.ts']);
  });

  it('analysis has exactly one longest-prefix index: only prefix/segment-path-trie.ts keeps a tree of segment or unit paths, and every store with a prefix lookup is a query over it', () => {
    const files = sourceFiles(SRC);
    const trees = files.filter((file) => treeOfPaths(readFileSync(file, 'utf8')).length > 0);
    expect(trees.map(relative)).toEqual(['prefix/segment-path-trie.ts']);
    const lookups = files.filter((file) => /^\s*(?:longest|sharedWithEach|sharedWithNeeded|candidates|matches|liveMatches)\(\w+: /m.test(readFileSync(file, 'utf8')));
    expect(lookups.map(relative).sort()).toEqual(['analysis/replay/prefix-store.ts', 'analysis/replay/sequence-store.ts', 'prefix/longest-prefix-index.ts']);
    for (const file of lookups) expect(readFileSync(file, 'utf8'), relative(file)).toMatch(/new SegmentPathTrie\b/);
  });

  it('the input cap is declared once: only InputOptions declares maxInputBytes, every other options type takes it from there', () => {
    const declaring = sourceFiles(SRC).filter((file) => /\bmaxInputBytes\??:\s*number\b/.test(readFileSync(file, 'utf8')));
    expect(declaring.map(relative)).toEqual(['providers/input/input-chunks.ts']);
  });
});
