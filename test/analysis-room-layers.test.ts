import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCircles, importGraph, sourceFiles, type ImportEdge } from './support/import-graph.js';

const SRC = path.resolve(import.meta.dirname, '../src');
const ANALYSIS = path.join(SRC, 'analysis');

/**
 * The kinds of room `analysis` is laid out in, lowest first: a room imports only rooms of its own
 * kind or a kind before it, and rooms of one kind import each other without a circle. The entry
 * points (`index.ts`, `analyze-command.ts`) sit above them all.
 */
const LAYERS: readonly { readonly kind: string; readonly rooms: readonly string[] }[] = [
  // What every reader shares: JSON/YAML parsing and wire locations, the house usage shape, input-safe text.
  { kind: 'base', rooms: ['text', 'wire', 'usage'] },
  // The replay core: the policy interface, prices, results, the replay, the causes.
  { kind: 'core', rooms: ['policies', 'prices', 'result', 'replay', 'causes'] },
  // One room per provider: its body reader, usage, policy and rules; and the list of shipped policies.
  { kind: 'providers', rooms: ['anthropic', 'openai', 'bedrock', 'deepseek', 'self-hosted', 'shipped-policies'] },
  // Readers of what hosts record: they call the provider rooms and the core.
  { kind: 'readers', rooms: ['compositions', 'inputs', 'bodies', 'claude-code', 'claude-trace', 'codex', 'dsh'] },
  // What users run.
  { kind: 'features', rooms: ['analyze', 'diff', 'duplication', 'family', 'guard', 'self-check', 'simulate', 'watch', 'demo'] },
  // Reports and rows.
  { kind: 'output', rooms: ['report', 'rows'] },
];

const KIND_OF = new Map(LAYERS.flatMap((layer, rank) => layer.rooms.map((room) => [room, rank] as const)));

/** The room of a file under `analysis` (its first folder), or null for an entry point at the top. */
function roomOf(file: string): string | null {
  const parts = path.relative(ANALYSIS, file).split(path.sep);
  return parts.length > 1 ? parts[0]! : null;
}

/** Relative imports of `analysis`, dynamic ones included (a lazily loaded module is still a dependency). */
function analysisGraph(): Map<string, ImportEdge[]> {
  const files = sourceFiles(ANALYSIS);
  const graph = importGraph(files);
  for (const file of files) {
    const dynamic = [...readFileSync(file, 'utf8').matchAll(/import\(\s*'(\.[^']+)'\s*\)/g)].map((match) => ({ to: path.resolve(path.dirname(file), match[1]!).replace(/\.js$/, '.ts'), typeOnly: false }));
    graph.set(file, [...graph.get(file)!, ...dynamic]);
  }
  return graph;
}

const relative = (file: string): string => path.relative(SRC, file);

describe('analysis is laid out as base → core → providers → readers → features → output', () => {
  const graph = analysisGraph();

  it('every room of analysis is placed in one kind', () => {
    const rooms = new Set([...graph.keys()].map(roomOf).filter((room): room is string => room !== null));
    expect([...rooms].filter((room) => !KIND_OF.has(room)).sort()).toEqual([]);
    // Each listed room exists: a stale list would pin nothing.
    expect(LAYERS.flatMap((layer) => layer.rooms).filter((room) => !rooms.has(room))).toEqual([]);
  });

  it('no file of analysis imports a room of a later kind, nor an entry point', () => {
    const upward: string[] = [];
    for (const [file, edges] of graph) {
      const from = roomOf(file);
      if (from === null) continue;
      for (const edge of edges) {
        if (!edge.to.startsWith(ANALYSIS + path.sep)) continue;
        const to = roomOf(edge.to);
        if (to === null || KIND_OF.get(to)! > KIND_OF.get(from)!) upward.push(`${relative(file)} → ${relative(edge.to)}`);
      }
    }
    expect(upward).toEqual([]);
  });

  it('the rooms import each other without a circle', () => {
    const rooms = new Map<string, ImportEdge[]>();
    for (const [file, edges] of graph) {
      const from = roomOf(file);
      if (from === null) continue;
      const out = rooms.get(from) ?? [];
      for (const edge of edges) {
        const to = edge.to.startsWith(ANALYSIS + path.sep) ? roomOf(edge.to) : null;
        if (to !== null && to !== from && !out.some((known) => known.to === to)) out.push({ to, typeOnly: false });
      }
      rooms.set(from, out);
    }
    expect(importCircles(rooms, () => true)).toEqual([]);
  });

  it('finds an upward import and a room circle when there is one', () => {
    const rooms = new Map<string, ImportEdge[]>([
      ['watch', [{ to: 'analyze', typeOnly: true }]],
      ['analyze', [{ to: 'watch', typeOnly: false }]],
    ]);
    expect(importCircles(rooms, () => true)).toEqual([['analyze', 'watch']]);
    expect(KIND_OF.get('result')! < KIND_OF.get('claude-code')!).toBe(true);
  });

  it('no source file is over 400 lines', () => {
    const long = sourceFiles(SRC)
      .map((file) => ({ file: relative(file), lines: readFileSync(file, 'utf8').split('\n').length - 1 }))
      .filter(({ lines }) => lines > 400);
    expect(long).toEqual([]);
  });
});

describe('the command line reaches analysis through its entry points', () => {
  it('cli/commands/analyze.ts and its parts import from analysis only its entry points', () => {
    const files = ['analyze.ts', 'analyze-jsonl.ts', 'shipped-analyze.ts'].map((name) => path.join(SRC, 'cli/commands', name));
    const graph = importGraph(files);
    const inner = [...graph].flatMap(([file, edges]) => edges.filter((edge) => edge.to.startsWith(ANALYSIS + path.sep) && roomOf(edge.to) !== null).map((edge) => `${relative(file)} → ${relative(edge.to)}`));
    const dynamic = files.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/import\(\s*'([^']*analysis\/[^']+)'\s*\)/g)].map((match) => `${relative(file)} → ${match[1]}`));
    expect([...graph.values()].flat().some((edge) => edge.to === path.join(ANALYSIS, 'analyze-command.ts'))).toBe(true);
    expect([...inner, ...dynamic]).toEqual([]);
  });
});
