import { readFileSync } from 'node:fs';

/** The name in kvprefix's own package.json: the folder holding it is the package root. */
const PACKAGE_NAME = 'kvprefix';

/**
 * A file kvprefix ships (its generated tables, its examples, its package.json), by its path from the
 * package root. The root is found by walking up from this module to the folder whose package.json
 * names kvprefix, so that one path works from `src/` (tests, tsx), from `dist/` (the library) and
 * from the CLI's bundled chunks, which sit at other depths below the root.
 */
export function packageFile(relative: string): URL {
  return new URL(relative, packageRoot());
}

function packageRoot(): URL {
  for (let folder = new URL('.', import.meta.url); ; ) {
    if (namesKvprefix(new URL('package.json', folder))) return folder;
    const parent = new URL('..', folder);
    if (parent.href === folder.href) throw new Error(`no package.json naming ${PACKAGE_NAME} in any folder above ${import.meta.url}`);
    folder = parent;
  }
}

function namesKvprefix(manifest: URL): boolean {
  try {
    return (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown }).name === PACKAGE_NAME;
  } catch {
    // No package.json here (or not JSON): look further up.
    return false;
  }
}
