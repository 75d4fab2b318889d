import { expect, it } from 'vitest';
import { readRequestBody } from '../src/analysis/index.js';
import { type LayoutName, type PrefixRequest } from '../src/prefix/index.js';
import { chatRequestBody, loadHeadPins, modelRequestPoints, readSessionLog } from '../src/providers/session/index.js';
import { corpusPath, describeWithCorpus } from './support/corpus.js';
import { compareWithCause } from './support/compare-with-cause.js';

// DSH's subagent-report scenario: a parent starts a continuable (background) child, which gets the
// child-scope `report` tool and its `tool:report` prompt section. The parent's head is the `text-turn`
// pin (the scenario has no pin of its own for the parent); the child's is the scenario's `.1` pin.
// Both are read as DeepSeek chat bodies, the way kvprefix reads captured traffic.
const SCENARIO = 'dsh/examples/acp-agent/tests/snapshots/subagent-report';

/** The request of turn 1, step 1 of a log, as a chat body read back in a layout. */
async function request(log: string, layout: LayoutName): Promise<PrefixRequest> {
  const file = corpusPath(SCENARIO, log);
  const session = await readSessionLog(file);
  const point = modelRequestPoints(session).find((candidate) => !candidate.seeded && candidate.turn === 1 && candidate.step === 1);
  if (!point) throw new Error(`${file}: no request at turn 1, step 1`);
  const body = chatRequestBody(session, { through: point.through, pins: await loadHeadPins(file) });
  return readRequestBody(body, { source: file, layout }).request;
}

/** Segments of `child` from `from` on whose chained hash appears nowhere in `parent`: no cache entry can serve them. */
function unsharedFrom(parent: PrefixRequest, child: PrefixRequest, from: number): boolean {
  const parentChain = new Set(parent.segments.map((segment) => segment.prefixHash));
  return child.segments.slice(from).every((segment) => !parentChain.has(segment.prefixHash));
}

/** Segments of `child` from `from` on whose own bytes also appear in `parent`. */
function identicalBytesFrom(parent: PrefixRequest, child: PrefixRequest, from: number): number {
  const parentHashes = new Set(parent.segments.map((segment) => segment.hash));
  return child.segments.slice(from).filter((segment) => parentHashes.has(segment.hash)).length;
}

describeWithCorpus('dsh', 'DSH subagent-report: a continuable child\'s head diverges from its parent\'s at the report tool', () => {
  it('the heads come from the pins named above: text-turn for the parent, subagent-report .1 for the child', async () => {
    expect((await loadHeadPins(corpusPath(SCENARIO, 'session.jsonl'))).system?.file).toMatch(/text-turn\/system-prompt\.expected\.md$/);
    const childPins = await loadHeadPins(corpusPath(SCENARIO, 'session.1.jsonl'));
    expect(childPins.system?.file).toMatch(/subagent-report\/system-prompt\.1\.expected\.md$/);
    expect(childPins.tools?.file).toMatch(/subagent-report\/tool-schemas\.1\.expected\.json$/);
  });

  it('chat layout (DeepSeek): in the system text, before every tool and message, with cause report-tool', async () => {
    const parent = await request('session.jsonl', 'chat');
    const child = await request('session.1.jsonl', 'chat');
    const result = compareWithCause(parent, child);
    expect(result.divergence?.cause).toBe('report-tool');
    expect(result.divergence?.name).toBe('report');
    expect(['system', 'tool']).toContain(result.divergence?.kind);
    // The parent's whole system text is a prefix of the child's (the `tool:report` section is
    // appended to it), so the first differing byte is where the parent's first tool begins.
    expect(result.commonPrefix.segments).toBe(0);
    expect(result.commonPrefix.bytes).toBe(parent.segments[0]!.byteLength);
    expect(result.divergence?.excerpt.child).toContain('‸\n\nDeliver your result with the report');
    // Nothing after the divergence is shared, although 19 tool schemas are byte-identical.
    expect(unsharedFrom(parent, child, 0)).toBe(true);
    expect(identicalBytesFrom(parent, child, 1)).toBeGreaterThanOrEqual(19);
  });

  it('Anthropic layout (tools first): at the report tool itself, after the 11 tools sorted before it', async () => {
    const parent = await request('session.jsonl', 'anthropic');
    const child = await request('session.1.jsonl', 'anthropic');
    const result = compareWithCause(parent, child);
    expect(child.segments[11]).toMatchObject({ kind: 'tool', name: 'report' });
    expect(result.divergence).toMatchObject({ index: 11, kind: 'tool', name: 'report', cause: 'report-tool' });
    expect(result.commonPrefix.segments).toBe(11);
    expect(unsharedFrom(parent, child, 11)).toBe(true);
    expect(identicalBytesFrom(parent, child, 12)).toBeGreaterThanOrEqual(8);
  });
});
