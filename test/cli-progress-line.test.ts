import { describe, expect, it } from 'vitest';
import { bufferedIo } from '../src/cli/index.js';
import { PROGRESS_AFTER_MS, progressLine } from '../src/cli/progress-line.js';

describe('progress on stderr: only on a terminal, only for a run over a second', () => {
  it('says nothing in the first second, then files and requests done, and clears its line at the end', () => {
    let now = 0;
    const io = bufferedIo(process.cwd(), undefined, { progress: true });
    const progress = progressLine(io, 'analyze', () => now);
    progress.update(1, 3, 'a.json', 0);
    now = PROGRESS_AFTER_MS - 1;
    progress.update(2, 3, 'b.json', 4);
    expect(io.err).toEqual([]);
    now = PROGRESS_AFTER_MS;
    progress.update(3, 3, 'c.json', 9);
    progress.clear();
    expect(io.err).toEqual(['\r\u001b[2Kanalyze: 3/3 files, 9 requests done; c.json', '\r\u001b[2K']);
  });

  it('never writes when stderr is not a terminal, however long the run', () => {
    let now = 0;
    const io = bufferedIo(process.cwd(), undefined, { progress: false });
    const progress = progressLine(io, 'analyze', () => now);
    now = 60_000;
    progress.update(1, 1, 'a.json', 2);
    progress.clear();
    expect(io.err).toEqual([]);
  });
});
