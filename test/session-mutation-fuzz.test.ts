import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { InputError } from '../src/prefix/index.js';
import { completedTurnPrefix, parseSessionLog, projectSurface } from '../src/providers/index.js';
import { corpusPath, describeWithCorpus, dshSessionLogs } from './support/corpus.js';

// Issue 7 §5: every DSH log of the corpus, mutated line-wise (a line dropped, duplicated, cut short
// or moved): reading it, folding its surface and taking its fork seed either succeed or fail with an
// InputError that names the log and a line that exists. Never another error, never a crash.
const logs = dshSessionLogs();

/** One line-wise mutation, with positions as fractions of the log's length. */
const mutation = fc.oneof(
  fc.record({ kind: fc.constant('drop' as const), at: fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }) }),
  fc.record({ kind: fc.constant('duplicate' as const), at: fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }) }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }), keep: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({ kind: fc.constant('move' as const), at: fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }), to: fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }) }),
);
type Mutation = typeof mutation extends fc.Arbitrary<infer T> ? T : never;

function mutate(lines: string[], change: Mutation): string[] {
  const result = [...lines];
  if (result.length === 0) return result;
  const index = Math.floor(change.at * result.length);
  if (change.kind === 'drop') result.splice(index, 1);
  else if (change.kind === 'duplicate') result.splice(index, 0, result[index]!);
  else if (change.kind === 'truncate') result[index] = result[index]!.slice(0, Math.floor(change.keep * result[index]!.length));
  else {
    const [moved] = result.splice(index, 1);
    result.splice(Math.floor(change.to * result.length), 0, moved!);
  }
  return result;
}

/** Reads, folds and seeds a log text; returns the error it threw, if any. */
function analyse(text: string, source: string): unknown {
  try {
    const log = parseSessionLog(text, source);
    projectSurface(log.events, { source });
    completedTurnPrefix(log.events, { source });
    return undefined;
  } catch (error) {
    return error;
  }
}

describeWithCorpus('dsh', 'mutated DSH session logs', () => {
  it('are read or refused with an InputError naming the log and an existing line, for drops, duplicates, cuts and moves', () => {
    expect(logs.length).toBeGreaterThanOrEqual(120);
    const texts = logs.map((file) => ({ name: path.relative(corpusPath('dsh'), file), lines: readFileSync(file, 'utf8').split('\n').filter((line) => line !== '') }));
    const outcomes = { read: 0, refused: 0 };
    fc.assert(
      fc.property(fc.nat({ max: texts.length - 1 }), fc.array(mutation, { minLength: 1, maxLength: 3 }), fc.boolean(), (which, changes, finalNewline) => {
        const { name, lines } = texts[which]!;
        const mutated = changes.reduce(mutate, lines);
        const text = mutated.join('\n') + (finalNewline ? '\n' : '');
        const error = analyse(text, name);
        if (error === undefined) return void outcomes.read++;
        outcomes.refused++;
        expect(error, `${name}: ${String(error)}`).toBeInstanceOf(InputError);
        const { source, line, code } = error as InputError;
        expect(source).toBe(name);
        if (code !== 'input/empty-log') {
          expect(line, `${name}: ${(error as Error).message}`).toBeGreaterThanOrEqual(1);
          expect(line).toBeLessThanOrEqual(mutated.length);
        }
      }),
      { numRuns: 1500 },
    );
    // Both outcomes occur: the fuzzing reaches the checks, and not every mutation breaks a log.
    expect(outcomes.read).toBeGreaterThan(50);
    expect(outcomes.refused).toBeGreaterThan(50);
  });
});
