import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bufferedIo, EXIT, runCli } from '../src/cli/index.js';
import { corpusPath, describeWithCorpus } from './support/corpus.js';
import { BASE_BUNDLE, baseBundleWithContinuableFork, CLI_PRESETS } from './support/guard-corpus.js';

async function run(argv: string[], cwd = corpusPath('dsh')) {
  const io = bufferedIo(cwd);
  const code = await runCli(argv, io);
  return { code, out: io.out.join(''), err: io.err.join('') };
}

function scratch(name: string, text: string): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'kvprefix-guard-cli-')), name);
  writeFileSync(file, text);
  return file;
}

describe('kvprefix guard: usage and input errors', () => {
  it('2 with the usage when no composition is given or an option is unknown', async () => {
    for (const argv of [['guard'], ['guard', 'x.yml', '--colour'], ['guard', 'x.yml', '--format', 'html']]) {
      const { code, err } = await run(argv, tmpdir());
      expect(code).toBe(EXIT.usage);
      expect(err).toContain('usage: kvprefix guard');
    }
  });

  it('3 with file:line: YAML path: reason on stderr, and no stack trace, when a row does not validate', async () => {
    const file = scratch('agent.cordis.yml', "- id: fork\n  name: '@deepseek-ai/dsh-tool-subagent'\n  config:\n    provider: fork\n    maxDepth: -1\n");
    const { code, err } = await run(['guard', file], tmpdir());
    expect(code).toBe(EXIT.input);
    expect(err).toMatch(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:1: \\[0\\]\\.config\\.maxDepth: `, 'm'));
    expect(err).not.toMatch(/\n\s+at /);
  });

  it('3 when the file cannot be read or is not YAML', async () => {
    expect((await run(['guard', 'missing.cordis.yml'], tmpdir())).code).toBe(EXIT.input);
    const broken = await run(['guard', scratch('broken.cordis.yml', '- id: [x\n')], tmpdir());
    expect(broken.code).toBe(EXIT.input);
    expect(broken.err).toMatch(/broken\.cordis\.yml:\d+: not valid YAML/);
  });
});

describeWithCorpus('dsh', 'kvprefix guard on the DSH corpus', () => {
  it('0 on the base bundle, printing PASSED', async () => {
    const { code, out } = await run(['guard', BASE_BUNDLE]);
    expect(code).toBe(EXIT.ok);
    expect(out).toMatch(/^PASSED: 0 errors/m);
  });

  it('1 on the three CLI presets with the base bundle as --host; --json prints ok and the findings with their fields', async () => {
    const { code, out, err } = await run(['guard', ...CLI_PRESETS, '--host', BASE_BUNDLE, '--json']);
    expect(code).toBe(EXIT.findings);
    expect(err).toBe('');
    const document = JSON.parse(out) as { ok: boolean; findings: Record<string, unknown>[] };
    expect(document.ok).toBe(false);
    const errors = document.findings.filter((finding) => finding['severity'] === 'error');
    expect(errors.map((finding) => [finding['kind'], finding['tool'], finding['file']])).toEqual(CLI_PRESETS.map((preset) => ['inherited-history-lost', 'subagent_fork', preset]));
    for (const finding of errors) {
      expect(Object.keys(finding).slice(0, 8)).toEqual(['kind', 'severity', 'file', 'yamlPath', 'line', 'tool', 'message', 'lostTokens']);
      expect(finding['lostTokens']).toEqual(expect.any(Number));
    }
  });

  it('1 on the base bundle with a continuable fork; --format md renders a Markdown summary', async () => {
    const patched = baseBundleWithContinuableFork();
    const { code, out } = await run(['guard', patched.path, '--format', 'md']);
    expect(code).toBe(EXIT.findings);
    expect(out).toMatch(/^## kvprefix guard: `.*cordis\.patch\.yml` — failed$/m);
    expect(out).toMatch(/- \*\*error\*\* `inherited-history-lost` at `.*cordis\.patch\.yml:\d+ \[0\]\.insert\[56\]\.config\.backgroundMode` — [\d,]+ tokens lost/);
  });

  it('--session uses the logged head: the fork scenario counts its inherited history', async () => {
    const patched = baseBundleWithContinuableFork();
    const session = path.join('examples/acp-agent/tests/snapshots/subagent-fork-in-process/session.jsonl');
    const { code, out } = await run(['guard', patched.path, '--session', session]);
    expect(code).toBe(EXIT.findings);
    expect(out).toContain(`head logged in ${session}`);
    expect(out).toMatch(/of which [\d,]+ are the \d+ inherited history messages/);
  });
});
