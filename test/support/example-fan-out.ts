import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FanOutPlan, FanOutHead } from '../../src/analysis/index.js';
import { BodyLocation } from '../../src/analysis/wire/body-fields.js';
import { readChatBody } from '../../src/analysis/openai/chat-body.js';
import type { JsonObject } from '../../src/analysis/wire/body-fields.js';
import type { RequestParts } from '../../src/prefix/index.js';

const EXAMPLES = path.resolve(import.meta.dirname, '../../examples');

/** The parts of a bundled example body (real DSH heads and history, see examples/README.md). */
export function exampleParts(file: string): RequestParts {
  const body = JSON.parse(readFileSync(path.join(EXAMPLES, file), 'utf8')) as JsonObject;
  return readChatBody(body, new BodyLocation(file));
}

const headOf = (parts: RequestParts): FanOutHead => ({ system: parts.system, tools: parts.tools });

/**
 * A fan-out plan on the bundled fork parent: its head, its completed turn as the history (what the
 * recorded fork child inherited), its delegating message in flight, and `tasks`. With
 * `continuable`, the children get the continuable child's head (the `report` tool and section).
 */
export function exampleFanOutPlan(tasks: readonly string[], options: { continuable?: boolean } = {}): FanOutPlan {
  const parent = exampleParts('fork-parent.request.json');
  const delegating = parent.messages.findIndex((message) => message.kind === 'task');
  return {
    route: { provider: 'deepseek', model: 'deepseek-v4-flash' },
    layout: 'chat',
    head: headOf(parent),
    history: parent.messages.slice(0, delegating),
    inFlight: parent.messages.slice(delegating),
    tasks,
    ...(options.continuable ? { childHead: headOf(exampleParts('fork-child-continuable.request.json')) } : {}),
  };
}
