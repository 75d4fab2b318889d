import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCircles, importGraph, sourceFiles, type ImportEdge } from './support/import-graph.js';

const SRC = path.resolve(import.meta.dirname, '../src');
const RUNTIME = path.join(SRC, 'providers/runtime');
// The runtime's rooms, lowest first: a room may import only rooms before it in this list.
const ROOMS = ['log', 'head', 'loop', 'driver', 'jobs', 'delegation', 'host'];

const relative = (file: string): string => path.relative(SRC, file);

describe('import circles', () => {
  it('finds a circle the way it is looked for (a → b → a) and none in a chain', () => {
    const graph = new Map<string, ImportEdge[]>([
      ['a', [{ to: 'b', typeOnly: true }]],
      ['b', [{ to: 'a', typeOnly: false }]],
      ['c', [{ to: 'a', typeOnly: false }]],
    ]);
    expect(importCircles(graph, () => true)).toEqual([['a', 'b']]);
    expect(importCircles(graph, (edge) => !edge.typeOnly)).toEqual([]);
  });

  it('src has no import circle, counting type-only imports', () => {
    const graph = importGraph(sourceFiles(SRC));
    expect(graph.size).toBeGreaterThan(100);
    expect(importCircles(graph, () => true).map((circle) => circle.map(relative))).toEqual([]);
  });

  it('each runtime room imports only the rooms below it', () => {
    const graph = importGraph(sourceFiles(RUNTIME));
    const roomOf = (file: string): number => ROOMS.indexOf(path.relative(RUNTIME, file).split(path.sep)[0]!);
    const upward: string[] = [];
    for (const [file, edges] of graph) {
      const from = roomOf(file);
      if (from < 0) continue;
      for (const edge of edges) {
        const to = roomOf(edge.to);
        if (to > from) upward.push(`${relative(file)} → ${relative(edge.to)}`);
      }
    }
    expect(ROOMS.every((room) => [...graph.keys()].some((file) => roomOf(file) === ROOMS.indexOf(room)))).toBe(true);
    expect(upward).toEqual([]);
  });
});
