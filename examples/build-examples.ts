/*
 * Rebuilds the bundled example requests from DeepSeek Harness recordings (MIT) in the shared corpus:
 *
 *   npx tsx examples/build-examples.ts [corpus-root]     (default: ../shared/corpus)
 *
 * test/demo-examples-from-corpus.test.ts rebuilds them the same way and checks that the committed
 * files are exactly what this produces, so the examples stay traceable to the recordings.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { dshChatBody, firstRequestHeader, pinnedHead, readDshEvents, surfaceAt } from './dsh-request-bodies.js';

/** The bundled example files, by role. */
export const EXAMPLE_FILES = {
  parent: 'fork-parent.request.json',
  oneShot: 'fork-child-one-shot.request.json',
  continuable: 'fork-child-continuable.request.json',
} as const;

export type ExampleName = keyof typeof EXAMPLE_FILES;

/** Where the DSH ACP-agent scenarios are inside the corpus. */
export const DSH_SNAPSHOTS = 'dsh/examples/acp-agent/tests/snapshots';

/**
 * The three example bodies:
 * - parent: the request the parent of `subagent-fork-in-process` sent when it called `subagent_fork`
 *   (turn 2, step 1), under the `text-turn` head pin that scenario uses;
 * - oneShot: the fork child's first request (its turn 2, after the seed), under the same head;
 * - continuable: the same child messages under the head DSH gives a continuable child
 *   (`subagent-report`'s `.1` pins: the `report` tool and its `tool:report` prompt section).
 */
export function buildExampleBodies(corpusRoot: string): Record<ExampleName, Record<string, unknown>> {
  const snapshots = path.join(corpusRoot, DSH_SNAPSHOTS);
  const parentFile = path.join(snapshots, 'subagent-fork-in-process', 'session.jsonl');
  const childFile = path.join(snapshots, 'subagent-fork-in-process', 'session.1.jsonl');
  const parentEvents = readDshEvents(parentFile);
  const childEvents = readDshEvents(childFile);
  const head = pinnedHead(path.join(snapshots, 'text-turn'));
  const continuableHead = pinnedHead(path.join(snapshots, 'subagent-report'), '.1');
  const childSurface = surfaceAt(childEvents, 2, 1, childFile);
  const childModel = firstRequestHeader(childEvents, childFile).model;
  return {
    parent: dshChatBody(firstRequestHeader(parentEvents, parentFile).model, head, surfaceAt(parentEvents, 2, 1, parentFile)),
    oneShot: dshChatBody(childModel, head, childSurface),
    continuable: dshChatBody(childModel, continuableHead, childSurface),
  };
}

/** The text a body is committed as. */
export function exampleFileText(body: Record<string, unknown>): string {
  return `${JSON.stringify(body, null, 2)}\n`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const corpusRoot = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../../shared/corpus'));
  const bodies = buildExampleBodies(corpusRoot);
  for (const [name, file] of Object.entries(EXAMPLE_FILES)) {
    writeFileSync(path.join(import.meta.dirname, file), exampleFileText(bodies[name as ExampleName]));
    console.log(`wrote examples/${file}`);
  }
}
