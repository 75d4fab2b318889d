import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { sourceFiles } from './support/import-graph.js';

// @opentelemetry/api is an optional peer dependency: `watchFetch(fetch, { otel })` takes the host's
// own tracer and meter, and no source file of kvprefix imports or requires anything of OpenTelemetry.
it('no source file imports, requires or dynamically imports an @opentelemetry package', () => {
  const root = path.resolve(import.meta.dirname, '../src');
  const importing = sourceFiles(root).filter((file) => /(?:from\s+|import\s*\(\s*|require\s*\(\s*)['"]@opentelemetry\//.test(readFileSync(file, 'utf8')));
  expect(importing.map((file) => path.relative(root, file))).toEqual([]);
  const manifest = JSON.parse(readFileSync(path.resolve(root, '../package.json'), 'utf8')) as { dependencies?: Record<string, string>; peerDependenciesMeta?: Record<string, { optional?: boolean }> };
  expect(Object.keys(manifest.dependencies ?? {}).filter((name) => name.startsWith('@opentelemetry/'))).toEqual([]);
  expect(manifest.peerDependenciesMeta?.['@opentelemetry/api']?.optional).toBe(true);
});
