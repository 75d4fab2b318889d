import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { analyzeDshSessionTree, DeepSeekV4Tokenizer, type SessionTreeAnalysis } from '../src/analysis/index.js';
import { InputError, PrefixTokenCounter } from '../src/prefix/index.js';
import { corpusPath, describeWithCorpus, readCorpusText } from './support/corpus.js';

/*
 * Every scenario of `dsh-as-recorded`, read as DSH wrote it in July and August 2026 (`original/`,
 * byte for byte: `assistant/message {content, provenance?, usage}`, `tool/result {callId, content,
 * isError}`, `context/message`, `steering/message`, provider id `deepseek`, `turn/start.trigger`)
 * and as converted to today's shapes (`current-shape/`). Read in either shape, each request is the
 * same request: on every log whose header is full, and on those whose `{{system}}`/`{{tools}}` pins
 * sit beside the log (pinned with `{{cwd}}`, which the log's real working directory fills). The
 * others' pins are another scenario's, which DSH's harness chose and the folder does not say.
 */

interface ManifestEntry {
  readonly scenario: string;
  readonly headers: string;
}

interface Row {
  readonly file: string;
  readonly index: number;
  readonly tokens: number;
  readonly cacheReadRange: readonly [number, number];
  readonly observed: readonly [number, number] | null;
}

const manifest = () => (JSON.parse(readCorpusText('dsh-as-recorded', 'manifest.json')) as { scenarios: ManifestEntry[] }).scenarios;

const rowsOf = (tree: SessionTreeAnalysis): Row[] =>
  tree.sessions.flatMap((session) =>
    session.requests.map((request) => ({
      file: path.basename(session.file),
      index: request.index,
      tokens: request.tokens,
      cacheReadRange: request.predicted.cacheReadRange,
      observed: request.observed ? ([request.observed.uncached, request.observed.cacheRead] as const) : null,
    })),
  );

describeWithCorpus('dsh-as-recorded', 'DSH logs as recorded in the July 2026 shapes', () => {
  const original = new Map<string, Row[]>();
  const converted = new Map<string, Row[]>();
  const unread = new Map<string, string>();
  const shapeNotes = new Map<string, { original: string[]; converted: string[] }>();
  const shapeNotesOf = (tree: SessionTreeAnalysis) => tree.notes.filter((note) => note.includes('event shapes of DSH\'s July 2026 releases'));
  const fullHead = new Set<string>();

  beforeAll(async () => {
    const counter = new PrefixTokenCounter(new DeepSeekV4Tokenizer());
    for (const { scenario, headers } of manifest()) {
      if (headers.startsWith('full')) fullHead.add(scenario);
      let tree: SessionTreeAnalysis;
      try {
        tree = await analyzeDshSessionTree(corpusPath('dsh-as-recorded', scenario, 'original'), { deepseekCounter: counter, calibrate: 'never' });
      } catch (error) {
        unread.set(scenario, error instanceof InputError ? error.code : String(error));
        continue;
      }
      const twin = await analyzeDshSessionTree(corpusPath('dsh-as-recorded', scenario, 'current-shape'), { deepseekCounter: counter, calibrate: 'never' });
      original.set(scenario, rowsOf(tree));
      converted.set(scenario, rowsOf(twin));
      shapeNotes.set(scenario, { original: shapeNotesOf(tree), converted: shapeNotesOf(twin) });
    }
  }, 300_000);

  it('read every full-header original/ folder (19 scenarios, 42 requests with usage) and the 4 pinned beside the log; the rest lack their pin', () => {
    expect([...fullHead].filter((scenario) => !original.has(scenario))).toEqual([]);
    expect([...original.keys()].filter((scenario) => fullHead.has(scenario))).toHaveLength(19);
    expect([...original].filter(([scenario]) => fullHead.has(scenario)).flatMap(([, rows]) => rows).filter((row) => row.observed !== null)).toHaveLength(42);
    expect([...original.keys()].filter((scenario) => !fullHead.has(scenario))).toEqual(['pwsh-tool-turn', 'web-fetch', 'fs-glob-sampling', 'code-mode-turn']);
    expect(new Set(unread.values())).toEqual(new Set(['input/pin-missing']));
    expect(unread.size + original.size).toBe(34);
  });

  it('give each request the tokens, read range and logged usage of its current-shape twin', () => {
    for (const [scenario, rows] of original) expect(rows, scenario).toEqual(converted.get(scenario));
  });

  it('are predicted within 3 tokens of every logged total on a full header with calibration off', () => {
    const misses = [...original].filter(([scenario]) => fullHead.has(scenario)).flatMap(([scenario, rows]) => rows.filter((row) => row.observed && Math.abs(row.observed[0] + row.observed[1] - row.tokens) > 3).map((row) => `${scenario} ${row.file} ${row.index}`));
    expect(misses).toEqual([]);
  });

  it('say per log which earlier shapes it was read from; their current-shape twins say nothing of the kind', () => {
    for (const [scenario, notes] of shapeNotes) expect(notes.converted, scenario).toEqual([]);
    // Recorded in August 2026, after DSH moved to today's message shapes: nothing to say.
    expect([...shapeNotes].filter(([, notes]) => notes.original.length === 0).map(([scenario]) => scenario)).toEqual(['pwsh-tool-turn', 'fs-glob-sampling']);
    const hook = shapeNotes.get('hook-cc-posttool-context')!.original;
    expect(hook).toEqual([expect.stringContaining('session.jsonl is in the event shapes of DSH\'s July 2026 releases')]);
    expect(hook[0]).toContain('1 × context/message (sent inside <context source="…">…</context>)');
    expect(hook[0]).toContain('2 × assistant/message {content, provenance?, usage}');
  });
});
