import { readdirSync, rmSync, writeFileSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { analyzeClaudeCodeSession, analyzeDshSessionTree, DeepSeekV4Tokenizer, policyByName } from '../src/analysis/index.js';
import { analyzeWireSequence } from '../src/analysis/bodies/wire-sequence.js';
import { readRecordedRequests } from '../src/analysis/bodies/recorded-requests.js';
import { readClaudeCodeTranscript } from '../src/analysis/claude-code/transcript-entry.js';
import { PrefixTokenCounter } from '../src/prefix/index.js';
import { readSessionLog } from '../src/providers/index.js';
import { writeLongClaudeCodeTranscript } from './support/long-claude-code-transcript.js';
import { writeLongDshLog } from './support/long-dsh-log.js';
import { smallBodies } from './support/small-bodies.js';
import { peakRssMiB, printRssReport, settledMemory, type SettledMemory } from './support/measure-rss.js';

/*
 * One replay of a generated input, in a child process of its own (replay-scaling runs it per size):
 * `node --expose-gc --import tsx bench/replay-scaling.child.ts <dsh|claude-code|wire> <size> [DSH folder]`.
 * Times reading the input alone (the baseline), then the replay, and prints one JSON line with both
 * times, the request count, the memory after each phase and the peak RSS. The replay's result is
 * held when the peak is read: writing it out (`--json`) is not part of this measurement.
 */

const [kind, sizeText, given] = process.argv.slice(2);
const size = Number(sizeText);
if (!Number.isInteger(size) || size < 1 || !['dsh', 'claude-code', 'wire'].includes(kind ?? '')) {
  process.stderr.write('usage: replay-scaling.child.ts <dsh|claude-code|wire> <size> [generated DSH folder]\n');
  process.exit(2);
}

const phases: Record<string, SettledMemory> = {};
const timed = async <T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> => {
  const started = performance.now();
  const value = await run();
  return { value, ms: performance.now() - started };
};

async function measure(): Promise<{ requests: number; readMs: number; replayMs: number }> {
  if (kind === 'dsh') {
    // `size` requests: the generated log repeats a five-request turn. Written by the parent when it
    // passes the folder, so that the memory of writing a long log is not counted as the replay's.
    const folder = given ?? writeLongDshLog(Math.round(size / 5));
    try {
      const counter = new PrefixTokenCounter(new DeepSeekV4Tokenizer());
      counter.tokenizer.count('load the vocabulary');
      phases['tokenizer loaded'] = settledMemory();
      const read = await timed(() => readSessionLog(path.join(folder, 'session.jsonl')));
      const replay = await timed(() => analyzeDshSessionTree(folder, { deepseekCounter: counter }));
      phases['replayed, result held'] = settledMemory();
      return { requests: replay.value.sessions[0]!.requests.length, readMs: read.ms, replayMs: replay.ms };
    } finally {
      if (given === undefined) rmSync(folder, { recursive: true, force: true });
    }
  }
  if (kind === 'claude-code') {
    const file = writeLongClaudeCodeTranscript(size);
    try {
      const read = await timed(() => readClaudeCodeTranscript(file));
      const replay = await timed(() => analyzeClaudeCodeSession(file, { sidechains: false }));
      phases['replayed, result held'] = settledMemory();
      return { requests: replay.value.sessions[0]!.requests.length, readMs: read.ms, replayMs: replay.ms };
    } finally {
      rmSync(path.dirname(file), { recursive: true, force: true });
    }
  }
  const folder = mkdtempSync(path.join(os.tmpdir(), 'kvprefix-small-bodies-'));
  try {
    smallBodies(size).forEach((body, index) => writeFileSync(path.join(folder, `${String(index).padStart(6, '0')}.json`), JSON.stringify(body)));
    const files = readdirSync(folder).sort().map((name) => ({ file: path.join(folder, name), label: name }));
    const read = await timed(async () => {
      for (const { file, label } of files) await readRecordedRequests(file, label);
    });
    const replay = await timed(() => analyzeWireSequence(files, { policy: 'auto', policyByName }));
    phases['replayed, result held'] = settledMemory();
    return { requests: replay.value.reduce((sum, tree) => sum + tree.sessions.length, 0), readMs: read.ms, replayMs: replay.ms };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const result = await measure();
process.stderr.write(`${kind} ${size}: ${result.requests} requests, read ${result.readMs.toFixed(0)} ms, replay ${result.replayMs.toFixed(0)} ms\n`);
printRssReport({ phases, peak: peakRssMiB(), ...result } as Parameters<typeof printRssReport>[0]);
