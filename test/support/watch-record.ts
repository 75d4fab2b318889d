/**
 * Test support (not a test file): a watch that records to a fresh temporary file, and `kvprefix
 * analyze RECORD --fail-on` run on such a file.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { watchFetch, type WatchedFetch, type WatchOptions, type WatchPrediction } from '../../src/analysis/watch/index.js';
import { bufferedIo, runCli } from '../../src/cli/index.js';

/** A watch over `transport` recording to a new file, keeping its predictions and failing the test on any watch error once done. */
export function recordingWatch(transport: typeof fetch, options: WatchOptions = {}) {
  const record = path.join(mkdtempSync(path.join(tmpdir(), 'kvprefix-watch-record-')), 'run.jsonl');
  const predictions: WatchPrediction[] = [];
  const errors: Error[] = [];
  const watched: WatchedFetch = watchFetch(transport, { ...options, record, onRequest: (prediction) => predictions.push(prediction), onError: (error) => errors.push(error) });
  /** Waits for the record file to hold every line, checks the watch never failed, and gives the file and the predictions. */
  const done = async () => {
    await watched.flush();
    expect(errors).toEqual([]);
    return { record, predictions };
  };
  return { watched, done };
}

/** `kvprefix analyze RECORD --fail-on FAIL_ON --json`: exit code, stdout and stderr. */
export async function analyzeFailOn(record: string, failOn: string) {
  const io = bufferedIo(path.dirname(record));
  const code = await runCli(['analyze', path.basename(record), '--fail-on', failOn, '--json'], io);
  return { code, out: io.out.join(''), err: io.err.join('') };
}
