import type { Segment, SystemPart, ToolPart } from '../../prefix/index.js';
import { sameJson } from './same-json.js';

/** Heads a renderer remembers, newest first: a replay alternates between a few (parent, children). */
const HEADS_KEPT = 16;

interface RenderedHead {
  readonly routeSeed: bigint;
  readonly system: readonly SystemPart[];
  readonly tools: readonly ToolPart[];
  readonly segments: readonly Segment[];
  /** Text the encoding wrote before the system prompt (the reasoning-effort instruction, or ''). */
  readonly preamble: string;
}

function sameSystem(a: readonly SystemPart[], b: readonly SystemPart[]): boolean {
  return a.length === b.length && a.every((section, index) => section.name === b[index]!.name && section.kind === b[index]!.kind && section.text === b[index]!.text);
}

/** What a tool's line renders: the function object of a chat tool (`line` in render-v4.ts renders the same). */
function functionOf(schema: unknown): unknown {
  return (schema as { function?: unknown }).function ?? schema;
}

function sameTools(a: readonly ToolPart[], b: readonly ToolPart[]): boolean {
  // Requests of one log carry the same pinned schema objects, so the walk stops at the first level.
  return a.length === b.length && a.every((tool, index) => tool.name === b[index]!.name && sameJson(functionOf(tool.schema), functionOf(b[index]!.schema)));
}

/**
 * The head segments (BOS, system sections, tools block) of requests rendered before, by head
 * identity: route, system sections and tool schemas. Every request of a replay carries the same
 * ~25 KB head; rendering its Python-style tool JSON, mapping template tokens and comparing its
 * segments with the ones built before cost more than the rest of a short request. A head is found
 * by comparing those inputs (identical objects within a log, equal ones across logs), never by a
 * digest that could collide.
 */
export class RenderedHeads {
  #heads: RenderedHead[] = [];

  /** The segments of a head rendered before from equal inputs, or undefined. */
  find(routeSeed: bigint, system: readonly SystemPart[], tools: readonly ToolPart[], preamble = ''): readonly Segment[] | undefined {
    const index = this.#heads.findIndex((head) => head.routeSeed === routeSeed && head.preamble === preamble && sameSystem(head.system, system) && sameTools(head.tools, tools));
    if (index < 0) return undefined;
    const head = this.#heads[index]!;
    // Newest first: the head just used is the one the next request most likely repeats.
    if (index > 0) this.#heads = [head, ...this.#heads.slice(0, index), ...this.#heads.slice(index + 1)];
    return head.segments;
  }

  remember(routeSeed: bigint, system: readonly SystemPart[], tools: readonly ToolPart[], segments: readonly Segment[], preamble = ''): void {
    this.#heads = [{ routeSeed, system, tools, segments, preamble }, ...this.#heads.slice(0, HEADS_KEPT - 1)];
  }
}
