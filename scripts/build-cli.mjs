// Bundles the CLI (run by `npm run build` after tsc): `dist/cli/bin.js` becomes one entry module
// plus shared chunks in `dist/cli/chunks/`, one per set of modules a command loads on demand. Loaded
// as some 110 separate modules, a run over a small Claude Code projects folder spent about 0.05 s
// of its CPU resolving, reading and compiling them; the chunks keep each command's lazy imports
// lazy (a `--version` loads no analysis). Packages stay external: they load from node_modules as
// the library's own modules do. The library (`dist/**` other than the CLI entry) is tsc's output.
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync(new URL('../dist/cli/chunks/', import.meta.url), { recursive: true, force: true });
await build({
  entryPoints: { bin: 'src/cli/bin.ts' },
  outdir: 'dist/cli',
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
process.stderr.write('bundled dist/cli/bin.js\n');
