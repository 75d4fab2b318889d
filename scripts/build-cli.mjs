// Bundles the CLI (run by `npm run build` after tsc): `dist/cli/bin.js` becomes one entry module
// plus shared chunks in `dist/cli/chunks/`, one per set of modules a command loads on demand. Loaded
// as some 110 separate modules, a run over a small Claude Code projects folder spent about 0.05 s
// of its CPU resolving, reading and compiling them; the chunks keep each command's lazy imports
// lazy (a `--version` loads no analysis). Packages stay external (they load from node_modules as
// the library's own modules do), except those in BUNDLED_PACKAGES. The library (`dist/**` other
// than the CLI entry) is tsc's output, and imports every package from node_modules.
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

// Packages bundled into the chunks instead of loaded from node_modules. zod is 95 files (every
// locale re-exported by its entry point): resolving, reading and compiling them took about 65 ms of
// a `kvprefix analyze <DSH folder>` start where a bare `node -e 0` took 60; bundled, only the parts
// the schemas use are compiled, as one chunk. Its package.json declares which files have side
// effects, so the locales it re-exports and never uses are left out.
const BUNDLED_PACKAGES = new Set(['zod']);

/** Keeps every package external except `bundled`, which esbuild resolves and bundles. */
function bundleOnly(bundled) {
  return {
    name: 'bundle-only',
    setup(build) {
      // A bare specifier: not relative, not absolute, not a `node:` builtin.
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        const name = args.path.startsWith('@') ? args.path.split('/').slice(0, 2).join('/') : args.path.split('/')[0];
        return bundled.has(name) ? undefined : { path: args.path, external: true };
      });
    },
  };
}

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
  plugins: [bundleOnly(BUNDLED_PACKAGES)],
  sourcemap: true,
  logLevel: 'warning',
});
process.stderr.write('bundled dist/cli/bin.js\n');
