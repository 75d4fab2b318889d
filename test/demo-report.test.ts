import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { bufferedIo, EXIT, runCli } from '../src/cli/index.js';

// The demo must not depend on the directory it is run from: it finds the bundled examples itself.
const elsewhere = tmpdir();

async function demo(...argv: string[]) {
  const io = bufferedIo(elsewhere);
  const code = await runCli(['demo', ...argv], io);
  return { code, out: io.out.join(''), err: io.err.join('') };
}

describe('kvprefix demo', () => {
  it('tells the fork story: the one-shot child shares head and history, the continuable child loses them at its head', async () => {
    const { code, out, err } = await demo('--json');
    expect(code).toBe(EXIT.ok);
    expect(err).toBe('');
    const { pairs } = JSON.parse(out) as { pairs: { name: string; commonPrefix: { segments: number; tokens: number }; divergence: { index: number; kind: string; name: string; cause: string }; parent: { segments: number; tokens: number }; child: { tokens: number } }[] };
    expect(pairs.map((pair) => pair.name)).toEqual(['one-shot', 'continuable']);
    const [oneShot, continuable] = pairs;

    // Head (system + 19 tools) and the three inherited messages are shared; the task is the break.
    expect(oneShot!.commonPrefix.segments).toBe(1 + 19 + 3);
    expect(oneShot!.divergence).toMatchObject({ index: 23, kind: 'task', cause: 'task' });
    expect(oneShot!.commonPrefix.tokens / oneShot!.child.tokens).toBeGreaterThan(0.9);

    // The report tool and its section change the head: not one whole segment is shared.
    expect(continuable!.commonPrefix.segments).toBe(0);
    expect(continuable!.divergence).toMatchObject({ name: 'report', cause: 'report-tool' });
    expect(['system', 'tool']).toContain(continuable!.divergence.kind);
    expect(continuable!.commonPrefix.tokens).toBeLessThan(oneShot!.commonPrefix.tokens / 5);
  });

  it('prints a short human report of both pairs', async () => {
    const { code, out } = await demo();
    expect(code).toBe(EXIT.ok);
    const lines = out.trimEnd().split('\n');
    expect(lines.length).toBeLessThan(30);
    expect(out).toContain('1. One-shot fork child (what DeepSeek Harness ships)');
    expect(out).toContain('2. Continuable fork child (same seed and task)');
    expect(out.match(/^ {3}diverges at segment/gm)).toHaveLength(2);
    expect(out).toContain('cause: task (inferred):');
    expect(out).toContain('cause: report-tool (inferred):');
    expect(out).toMatch(/→ [\d,]+ tokens to prefill: head and inherited history are reused/);
    expect(out).toMatch(/→ [\d,]+ tokens to prefill: the head differs before the first message/);
  });

  it('takes no arguments', async () => {
    const { code, err } = await demo('examples/fork-parent.request.json');
    expect(code).toBe(EXIT.usage);
    expect(err).toContain('usage: kvprefix demo [--json]');
  });
});
