import path from 'node:path';
import { expect, it } from 'vitest';
import { DeepSeekV4Renderer, renderDeepSeekV4 } from '../src/analysis/deepseek/render-v4.js';
import type { PrefixRequest } from '../src/prefix/index.js';
import {
  loadHeadPins,
  modelRequestPoints,
  readSessionLog,
  reconstructRequestParts,
  RequestReconstructor,
  type HeadPins,
  type ReconstructedRequestParts,
  type SessionLog,
} from '../src/providers/index.js';
import { corpusPath, describeWithCorpus, dshSessionLogs } from './support/corpus.js';

/*
 * A replay rebuilds each request of a log from the one before (`RequestReconstructor`) and renders
 * only what changed (`DeepSeekV4Renderer`); both must give exactly what rebuilding and rendering
 * every request from the whole log gives. Checked at every point of every DSH log in the corpus:
 * the logs include compaction (`surfaceOp: replace`), header changes, tool-result images, fork
 * children with seeds and tasks, and points before any header (which must fail the same way).
 */

type Outcome = { readonly parts: ReconstructedRequestParts } | { readonly error: string };

function outcome(build: () => ReconstructedRequestParts): Outcome {
  try {
    return { parts: build() };
  } catch (error) {
    return { error: String(error) };
  }
}

/** What a request is made of, with the head as the values it resolved to (the objects differ between the two paths). */
function comparable(result: Outcome): unknown {
  if ('error' in result) return result;
  const { head, surface, messages, parts } = result.parts;
  return { header: head.header.seq, route: head.route, system: head.system, tools: head.tools, surface: surface.map((entry) => entry.seq), messages, parts };
}

const segmentsOf = (request: PrefixRequest) => request.segments.map((segment) => [segment.kind, segment.name, segment.hash, segment.prefixHash]);

/** Walks `throughs` in the given order with one reconstructor and one renderer, against a full rebuild and a fresh rendering at each. */
function expectSameAsFull(log: SessionLog, pins: HeadPins, throughs: readonly number[], renderAt: ReadonlySet<number>): void {
  const reconstructor = new RequestReconstructor(log, { pins });
  const renderer = new DeepSeekV4Renderer();
  for (const through of throughs) {
    const incremental = outcome(() => reconstructor.partsAt(through));
    const full = outcome(() => reconstructRequestParts(log, { through, pins }));
    expect(comparable(incremental), `seq ${through}`).toEqual(comparable(full));
    if (!renderAt.has(through) || !('parts' in incremental) || !('parts' in full)) continue;
    const rendered = renderer.render(incremental.parts.head.route, incremental.parts.parts);
    expect(segmentsOf(rendered), `rendering at seq ${through}`).toEqual(segmentsOf(renderDeepSeekV4(full.parts.head.route, full.parts.parts)));
  }
}

async function readWithPins(file: string): Promise<{ log: SessionLog; pins: HeadPins }> {
  return { log: await readSessionLog(file), pins: await loadHeadPins(file) };
}

const logs = dshSessionLogs();

describeWithCorpus('dsh', 'incremental request reconstruction equals rebuilding from the whole log', () => {
  it.each(logs.map((file) => [path.relative(corpusPath('dsh'), file), file]))('%s, every request point and every seq', async (_name, file) => {
    const { log, pins } = await readWithPins(file);
    const points = modelRequestPoints(log).map((point) => point.through);
    // The requests as a replay walks them, rendered; then every seq of the log, in order.
    expectSameAsFull(log, pins, points, new Set(points));
    expectSameAsFull(log, pins, log.events.map((entry) => entry.seq), new Set());
  });

  it('covers compaction, tool-result images and fork children (the cases where history is not append-only)', async () => {
    const texts = await Promise.all(logs.map(async (file) => (await readSessionLog(file)).events.map((entry) => JSON.stringify(entry.event))));
    const all = texts.flat();
    expect(all.some((event) => event.includes('"op":"replace"'))).toBe(true);
    expect(all.some((event) => event.includes('"type":"tool/result"') && event.includes('"type":"image"'))).toBe(true);
    expect(all.some((event) => event.includes('"reason":"change"'))).toBe(true);
    expect(all.some((event) => event.includes('"type":"session/end-seed"'))).toBe(true);
  });

  it('starts over when asked for an earlier point (a compacted log walked backwards, then forwards again)', async () => {
    const { log, pins } = await readWithPins(corpusPath('dsh/examples/headless-agent/tests/snapshots/compaction-recovery/session.jsonl'));
    const points = modelRequestPoints(log).map((point) => point.through);
    expect(points.length).toBeGreaterThan(1);
    const backAndForth = [...[...points].reverse(), ...points];
    expectSameAsFull(log, pins, backAndForth, new Set(points));
  });
});
