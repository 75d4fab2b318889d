/*
 * Rebuilds the bundled example requests from DeepSeek Harness recordings (MIT) in the shared corpus:
 *
 *   npx tsx examples/build-examples.ts [corpus-root]     (default: ../shared/corpus)
 *
 * The bodies come from the library's own session reading (`chatRequestBody` in
 * src/providers/session), the same conversion `reconstructRequest` uses, so there is one
 * implementation of a DSH log → DeepSeek request. test/demo-examples-from-corpus.test.ts rebuilds
 * them the same way and checks that the committed files are exactly what this produces, so the
 * examples stay traceable to the recordings.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  chatRequestBody,
  findDelegationCall,
  loadHeadPins,
  modelRequestPoints,
  readSessionLog,
  type ChatRequestBody,
  type ModelRequestPoint,
  type SessionLog,
} from '../src/providers/session/index.js';

/** The bundled example files, by role. */
export const EXAMPLE_FILES = {
  parent: 'fork-parent.request.json',
  oneShot: 'fork-child-one-shot.request.json',
  continuable: 'fork-child-continuable.request.json',
} as const;

export type ExampleName = keyof typeof EXAMPLE_FILES;

/** Where the DSH ACP-agent scenarios are inside the corpus. */
export const DSH_SNAPSHOTS = 'dsh/examples/acp-agent/tests/snapshots';

function requestPoint(log: SessionLog, matches: (point: ModelRequestPoint) => boolean, what: string): ModelRequestPoint {
  const point = modelRequestPoints(log).find(matches);
  if (!point) throw new Error(`${log.source}: no model request point for ${what}`);
  return point;
}

/**
 * The three example bodies:
 * - parent: the request the parent of `subagent-fork-in-process` sent in the step whose output called
 *   `subagent_fork` (its turn 2, step 1), under the `text-turn` head pin that scenario uses;
 * - oneShot: the fork child's first own request (its turn 2, after the seed), under the same head;
 * - continuable: the same child request under the head DSH gives a continuable child
 *   (`subagent-report`'s `.1` pins: the `report` tool and its `tool:report` prompt section).
 */
export async function buildExampleBodies(corpusRoot: string): Promise<Record<ExampleName, ChatRequestBody>> {
  const snapshots = path.join(corpusRoot, DSH_SNAPSHOTS);
  const parentFile = path.join(snapshots, 'subagent-fork-in-process', 'session.jsonl');
  const childFile = path.join(snapshots, 'subagent-fork-in-process', 'session.1.jsonl');
  const parent = await readSessionLog(parentFile);
  const child = await readSessionLog(childFile);

  const link = findDelegationCall(parent, child);
  if (link.kind !== 'found') throw new Error(`${parentFile}: ${link.reason}`);
  const { turn, step } = link.call.event.data;
  const parentPoint = requestPoint(parent, (point) => !point.seeded && point.turn === turn && point.step === step, `turn ${turn}, step ${step}`);
  const childPoint = requestPoint(child, (point) => !point.seeded, 'its first own step');

  // Neither fork log has a pin of its own, so both fall back to `text-turn`'s; the continuable head
  // is the one pinned for `subagent-report`'s continuable child, `session.1.jsonl`.
  const pins = await loadHeadPins(childFile);
  const continuablePins = await loadHeadPins(path.join(snapshots, 'subagent-report', 'session.1.jsonl'));
  return {
    parent: chatRequestBody(parent, { through: parentPoint.through, pins: await loadHeadPins(parentFile) }),
    oneShot: chatRequestBody(child, { through: childPoint.through, pins }),
    continuable: chatRequestBody(child, { through: childPoint.through, pins: continuablePins }),
  };
}

/** The text a body is committed as. */
export function exampleFileText(body: ChatRequestBody): string {
  return `${JSON.stringify(body, null, 2)}\n`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const corpusRoot = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../../shared/corpus'));
  const bodies = await buildExampleBodies(corpusRoot);
  for (const [name, file] of Object.entries(EXAMPLE_FILES)) {
    writeFileSync(path.join(import.meta.dirname, file), exampleFileText(bodies[name as ExampleName]));
    console.log(`wrote examples/${file}`);
  }
}
