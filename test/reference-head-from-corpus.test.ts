import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildReferenceHead } from '../examples/build-reference-head.js';
import { BUNDLED_REFERENCE_HEAD, loadReferenceHead, parseReferenceHead, referenceTool } from '../src/analysis/compositions/reference-head.js';
import { referenceHeadFileText } from '../src/analysis/compositions/reference-head-file.js';
import { CORPUS_ROOT, describeWithCorpus } from './support/corpus.js';

describeWithCorpus('dsh', 'the bundled reference head is rebuilt from every DSH head pin', () => {
  it('examples/reference-head.json is exactly what examples/build-reference-head.ts makes of the corpus', () => {
    expect(readFileSync(BUNDLED_REFERENCE_HEAD, 'utf8')).toBe(referenceHeadFileText(buildReferenceHead(CORPUS_ROOT)));
  });
});

describe('reference head variants', () => {
  it('the bundled head has both sandbox variants of bash, write and edit, and the persistent pwsh', async () => {
    const head = await loadReferenceHead();
    for (const tool of ['bash', 'write', 'edit']) {
      expect(referenceTool(head, tool, 'sandboxed')?.parameters, tool).toHaveProperty('properties.sandbox_permissions');
      expect(referenceTool(head, tool, 'unsandboxed')?.parameters, tool).not.toHaveProperty('properties.sandbox_permissions');
      // A tool with variants has no variant-free schema to fall back on.
      expect(referenceTool(head, tool, undefined), tool).toBeUndefined();
    }
    expect(referenceTool(head, 'pwsh', 'persistent')?.description).toMatch(/^Run commands in a persistent PowerShell shell/);
    // Only an older DSH's pin carries `dsh-tool-pwsh`'s own schema, and the build leaves it out.
    expect(referenceTool(head, 'pwsh', undefined)).toBeUndefined();
  });

  it('a chat body as reference head gives each sandboxed tool the variant its schema shows', () => {
    const text = readFileSync(new URL('../examples/fork-parent.request.json', import.meta.url), 'utf8');
    const head = parseReferenceHead(text, 'fork-parent.request.json');
    expect(referenceTool(head, 'bash', 'sandboxed')?.name).toBe('bash');
    expect(referenceTool(head, 'bash', 'unsandboxed')).toBeUndefined();
    expect(referenceTool(head, 'read', undefined)?.name).toBe('read');
  });
});
