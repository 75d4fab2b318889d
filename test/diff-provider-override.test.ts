import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bufferedIo, EXIT, runCli } from '../src/cli/index.js';

// `kvprefix diff --provider`: the provider both bodies reach when nothing in them says it; without
// it an unidentified provider is reported as assumed.
function bodies(): string {
  const directory = mkdtempSync(path.join(tmpdir(), 'kvprefix-diff-provider-'));
  const messages = [{ role: 'system', content: 'You review code.' }, { role: 'user', content: 'Review src/.' }];
  writeFileSync(path.join(directory, 'parent.json'), JSON.stringify({ model: 'house-model-7b', messages }));
  writeFileSync(path.join(directory, 'child.json'), JSON.stringify({ model: 'house-model-7b', messages: [...messages, { role: 'assistant', content: 'Done.' }] }));
  return directory;
}

async function diff(argv: string[], cwd: string) {
  const io = bufferedIo(cwd);
  const code = await runCli(['diff', 'parent.json', 'child.json', ...argv], io);
  return { code, out: io.out.join(''), err: io.err.join('') };
}

describe('kvprefix diff --provider', () => {
  it('says the provider was assumed when nothing in the bodies names it', async () => {
    const { code, out } = await diff([], bodies());
    expect(code).toBe(EXIT.ok);
    expect(out).toContain('note: parent openai (provider assumed: nothing in the body names it; pass --provider)');
    expect(out).toContain('cause: extension (inferred)');
  });

  it('routes both bodies to the provider given, and says so in --json', async () => {
    const { out } = await diff(['--provider', 'vllm', '--json'], bodies());
    const result = JSON.parse(out);
    expect(result.parent).toMatchObject({ route: { provider: 'vllm', model: 'house-model-7b' }, providerBasis: 'given' });
    expect(result.child.providerBasis).toBe('given');
  });

  it('--format md renders the same diff as Markdown', async () => {
    const { out } = await diff(['--format', 'md'], bodies());
    expect(out).toMatch(/^\*\*extension\*\* \(inferred\): only appends 1 message/);
    expect(out).toContain('| parent | `parent.json` | openai/house-model-7b (assumed) |');
  });

  it('exits 2 for a provider that is not a name', async () => {
    const { code, err } = await diff(['--provider', 'Open AI'], bodies());
    expect(code).toBe(EXIT.usage);
    expect(err).toContain("--provider 'Open AI' is not a provider name");
  });
});
