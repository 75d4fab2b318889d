import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** One relative import of a source file: the file it resolves to, and whether it is erased at compile time. */
export interface ImportEdge {
  readonly to: string;
  /** `import type …` / `export type …`, or an import whose every named binding is `type`-marked. */
  readonly typeOnly: boolean;
}

/** Every `.ts` file under a directory, recursively. */
export function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    return entry.isDirectory() ? sourceFiles(full) : entry.name.endsWith('.ts') ? [full] : [];
  });
}

const IMPORT = /^\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s+'(\.[^']+)'/gm;

function erased(keyword: string, typeKeyword: string | undefined, clause: string): boolean {
  if (typeKeyword !== undefined) return true;
  // `import { type A, type B } from` is erased too; a default or namespace binding never is.
  const braces = /^\{([\s\S]*)\}$/.exec(clause.trim());
  if (!braces || keyword === 'export') return false;
  const names = braces[1]!.split(',').map((name) => name.trim()).filter((name) => name !== '');
  return names.length > 0 && names.every((name) => name.startsWith('type '));
}

/** The relative imports of every file, resolved to absolute `.ts` paths (`.js` specifiers map to `.ts`). */
export function importGraph(files: readonly string[]): Map<string, ImportEdge[]> {
  const graph = new Map<string, ImportEdge[]>();
  for (const file of files) {
    const edges: ImportEdge[] = [];
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const to = path.resolve(path.dirname(file), match[4]!).replace(/\.js$/, '.ts');
      edges.push({ to, typeOnly: erased(match[1]!, match[2], match[3]!) });
    }
    graph.set(file, edges);
  }
  return graph;
}

/**
 * The strongly connected components with more than one member (Tarjan), over the edges `keep`
 * admits: each is an import circle, listed as its member files.
 */
export function importCircles(graph: ReadonlyMap<string, readonly ImportEdge[]>, keep: (edge: ImportEdge) => boolean): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const edge of graph.get(node) ?? []) {
      if (!keep(edge) || !graph.has(edge.to)) continue;
      if (!index.has(edge.to)) {
        visit(edge.to);
        low.set(node, Math.min(low.get(node)!, low.get(edge.to)!));
      } else if (onStack.has(edge.to)) {
        low.set(node, Math.min(low.get(node)!, index.get(edge.to)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const members: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        members.push(member);
      } while (member !== node);
      if (members.length > 1) circles.push(members.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return circles;
}

// Every import and re-export the compiler keeps: `verbatimModuleSyntax` erases only `import type` /
// `export type`; `import { type A } from` stays as `import {} from` and still loads the module.
const LOADED = /^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\s*from\s*)?'([^']+)'/gm;

/** What importing one source file loads before any of it runs: the source files reached, and the packages they name. */
export interface LoadedModules {
  readonly files: ReadonlySet<string>;
  /** Bare specifiers as written (`zod`, `node:fs`, `gpt-tokenizer/encoding/o200k_base`). */
  readonly packages: ReadonlySet<string>;
}

/**
 * The static import closure of `entry`: follows every import the compiled JavaScript keeps (relative
 * `.js` specifiers map to their `.ts` files). Dynamic `import()` is not followed: it loads on use.
 */
export function loadedModules(entry: string): LoadedModules {
  const files = new Set<string>();
  const packages = new Set<string>();
  const pending = [entry];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (files.has(file)) continue;
    files.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(LOADED)) {
      const specifier = match[1]!;
      if (specifier.startsWith('.')) pending.push(path.resolve(path.dirname(file), specifier).replace(/\.js$/, '.ts'));
      else packages.add(specifier);
    }
  }
  return { files, packages };
}
