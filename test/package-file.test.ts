import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { packageFile } from '../src/prefix/package-file.js';

describe('packageFile', () => {
  it('resolves paths from the folder whose package.json names kvprefix, the same from src/ as from dist/ and the bundled CLI', () => {
    const manifest = packageFile('package.json');
    expect((JSON.parse(readFileSync(manifest, 'utf8')) as { name: string }).name).toBe('kvprefix');
    expect(fileURLToPath(manifest)).toBe(fileURLToPath(new URL('../package.json', import.meta.url)));
    expect(existsSync(packageFile('examples/reference-head.json'))).toBe(true);
  });
});
