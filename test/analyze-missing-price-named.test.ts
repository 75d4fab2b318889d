import { copyFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { anthropicPolicy } from '../src/analysis/anthropic/anthropic-policy.js';
import { bufferedIo, EXIT, runCli } from '../src/cli/index.js';
import { writeTranscript } from './support/claude-code-transcript.js';

/** A transcript whose two calls went to `model`, in a project folder of its own. */
function transcriptOn(model: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'kvprefix-missing-price-'));
  const file = path.join(folder, 'a1b2c3d4-0000-4000-8000-00000000000f.jsonl');
  copyFileSync(
    writeTranscript([
      { at: '2026-03-01T10:00:00.000Z', userText: 'first question', model, usage: { input: 3, read: 0, write: 5000 } },
      { at: '2026-03-01T10:01:00.000Z', userText: 'second question', model, usage: { input: 3, read: 5000, write: 200 } },
    ]),
    file,
  );
  return file;
}

async function analyze(argv: string[]): Promise<string> {
  const io = bufferedIo();
  expect(await runCli(['analyze', ...argv], io)).toBe(EXIT.ok);
  return io.out.join('');
}

// Nothing is priced as another model silently: a model with no price row is named in every format.
describe('a model with no published price is named in every report format, with what priced it', () => {
  it('claude-opus-4-7 and a Bedrock id are priced by their own rows, no stand-in', () => {
    const at = new Date('2026-03-01T10:00:00Z');
    const opus = anthropicPolicy.pricesFor('claude-opus-4-7', at);
    expect([opus.input, opus.output, opus.standInFor]).toEqual([5, 25, undefined]);
    const bedrock = anthropicPolicy.pricesFor('converse/jp.anthropic.claude-haiku-4-5-20251001-v1:0', at);
    expect(bedrock.standInFor).toBeUndefined();
    expect(bedrock.source).toContain('claude-haiku-4-5');
  });

  it('JSON lists the model under prices.missing with its requests and what was used instead', async () => {
    const document = JSON.parse(await analyze([transcriptOn('claude-zephyr-9'), '--json'])) as { prices: { missing: { model: string; requests: number; usedInstead: string }[] } };
    expect(document.prices.missing).toEqual([{ model: 'claude-zephyr-9', requests: 2, usedInstead: expect.stringContaining("no published price for 'claude-zephyr-9', priced as claude-sonnet-4-5") }]);
  });

  it('text, Markdown and HTML name it', async () => {
    const file = transcriptOn('claude-zephyr-9');
    const line = "no published price for 'claude-zephyr-9' (2 requests): priced by ";
    expect(await analyze([file])).toContain(`warning: ${line}`);
    expect(await analyze([file, '--format', 'md'])).toContain(`> **Warning:** ${line}`);
    const page = path.join(path.dirname(file), 'report.html');
    await analyze([file, '--format', 'html', '-o', page]);
    expect(readFileSync(page, 'utf8')).toContain(`Warning: no published price for &#39;claude-zephyr-9&#39; (2 requests): priced by `);
  });

  it('a model with a price row gives no warning and an empty prices.missing', async () => {
    const file = transcriptOn('claude-opus-4-7');
    expect(await analyze([file])).not.toContain('no published price');
    expect((JSON.parse(await analyze([file, '--json'])) as { prices: { missing: unknown[] } }).prices.missing).toEqual([]);
  });
});
