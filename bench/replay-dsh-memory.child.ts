import { rmSync } from 'node:fs';
import { analyzeDshSessionTree, DeepSeekV4Tokenizer } from '../src/analysis/index.js';
import { PrefixTokenCounter } from '../src/prefix/index.js';
import { readSessionLog } from '../src/providers/index.js';
import { writeLongDshLog } from './support/long-dsh-log.js';
import { peakRssMiB, printRssReport, settledMemory, type SettledMemory } from './support/measure-rss.js';

/*
 * Memory of replaying one long DSH log, run in a child process of its own by replay-dsh:
 * `node --expose-gc --import tsx bench/replay-dsh-memory.child.ts <turns>`. Prints one JSON line:
 * RSS and live heap after each phase (after a forced GC) and the peak RSS. `result released` still
 * holds the DeepSeek counter (its memo of segment and prefix counts), as a process analysing many
 * logs would, and the log read beside the replay.
 */

const turns = Number(process.argv[2]);
if (!Number.isInteger(turns) || turns < 1) {
  process.stderr.write('usage: replay-dsh-memory.child.ts <turns>\n');
  process.exit(2);
}

const folder = writeLongDshLog(turns);
try {
  const phases: Record<string, SettledMemory> = {};
  const counter = new PrefixTokenCounter(new DeepSeekV4Tokenizer());
  counter.tokenizer.count('load the vocabulary');
  phases['tokenizer loaded'] = settledMemory();
  const log = await readSessionLog(`${folder}/session.jsonl`);
  phases['log read'] = settledMemory();
  // The result lives only inside this function: a value awaited at the top level can stay reachable
  // from the module's own frame, which would hide whether releasing it frees anything.
  const replay = async () => {
    const analysis = await analyzeDshSessionTree(folder, { deepseekCounter: counter });
    phases['replayed, result held'] = settledMemory();
    return analysis.sessions[0]?.requests.length ?? 0;
  };
  const requests = await replay();
  phases['result released'] = settledMemory();
  process.stderr.write(`replayed ${requests} requests of ${log.events.length} rows\n`);
  printRssReport({ phases, peak: peakRssMiB() });
} finally {
  rmSync(folder, { recursive: true, force: true });
}
