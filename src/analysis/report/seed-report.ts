import path from 'node:path';
import { completedTurnPrefix, readSessionLog } from '../../providers/index.js';

/** The fork seed a child forked from a session log now would inherit (`kvprefix seed`). */
export interface SeedReport {
  /** Events through the last `turn/end`: what the child's log starts with. */
  readonly seedLength: number;
  /** Seq of that `turn/end`, or null when no turn has completed (a fork now starts a fresh child). */
  readonly lastTurnEnd: number | null;
  /** Events after it, left out: the in-flight turn. */
  readonly excluded: number;
}

/** Reads a DSH session log (plain or zstd) and finds its fork seed. */
export async function seedOfLog(file: string, options: { readonly cwd?: string } = {}): Promise<SeedReport> {
  const log = await readSessionLog(path.resolve(options.cwd ?? process.cwd(), file), { label: file });
  const seed = completedTurnPrefix(log.events, { source: file });
  return { seedLength: seed.seedLength, lastTurnEnd: seed.lastTurnEnd, excluded: seed.excluded };
}

const plural = (value: number, noun: string) => `${value.toLocaleString('en-US')} ${noun}${value === 1 ? '' : 's'}`;

/** The terminal report of one seed. */
export function renderSeedText(source: string, seed: SeedReport): string {
  const after = seed.excluded === 0 ? 'nothing after it is excluded' : `${plural(seed.excluded, 'event')} after it excluded (the in-flight turn)`;
  if (seed.lastTurnEnd === null) {
    return `${source}: no completed turn, so the seed is empty and a fork now starts a fresh child; ${plural(seed.excluded, 'event')} excluded\n`;
  }
  return `${source}: seed of ${plural(seed.seedLength, 'event')}, through the turn/end at seq ${seed.lastTurnEnd}; ${after}\n`;
}
