import { getTokenizer, PrefixTokenCounter, type MessagePart, type PrefixRequest, type ToolPart } from '../../prefix/index.js';
import { type StoredMessage, type ToolSchema } from '../../providers/index.js';
import { toolPart } from '../../providers/runtime/index.js';

/**
 * What repeated guard decisions on one parent can share, owned by the caller (no process-wide
 * state): a token counter whose per-segment counts stay memoised, the parent's rendered request
 * (no child delta changes it), and the inherited history converted to wire messages, which every
 * child request repeats. A CI job or editor that checks one config change after another keeps one
 * cache per parent; a one-off run needs none.
 */
export class GuardCache {
  readonly counter: PrefixTokenCounter;
  readonly #parents = new WeakMap<object, PrefixRequest>();
  readonly #histories = new WeakMap<readonly StoredMessage[], readonly MessagePart[]>();
  // Keyed by the schema's `parameters` object, which every assembly passes through unchanged.
  readonly #tools = new WeakMap<object, { readonly name: string; readonly description: string; readonly part: ToolPart }[]>();

  constructor(counter: PrefixTokenCounter = new PrefixTokenCounter(getTokenizer())) {
    this.counter = counter;
  }

  /** The parent's rendered request for a setup object, rendered once. The setup must not be mutated afterwards. */
  parentRequest(setup: object, render: () => PrefixRequest): PrefixRequest {
    let request = this.#parents.get(setup);
    if (!request) this.#parents.set(setup, (request = render()));
    return request;
  }

  /** The history's wire messages, converted once per history array. The array must not be mutated afterwards. */
  historyParts(history: readonly StoredMessage[], convert: () => readonly MessagePart[]): readonly MessagePart[] {
    let parts = this.#histories.get(history);
    if (!parts) this.#histories.set(history, (parts = convert()));
    return parts;
  }

  /**
   * A tool's request part with its JSON rendered once: serialising the tool block dominates
   * rendering a realistic head, and every child repeats its parent's tools.
   */
  readonly toolPart = (tool: ToolSchema): ToolPart => {
    let entries = this.#tools.get(tool.parameters);
    if (!entries) this.#tools.set(tool.parameters, (entries = []));
    // Compared field by field: a key string built from a multi-KB description costs more than the lookup saves.
    const found = entries.find((entry) => entry.name === tool.name && entry.description === tool.description);
    if (found) return found.part;
    const part = toolPart(tool);
    const rendered = { ...part, json: JSON.stringify(part.schema) };
    entries.push({ name: tool.name, description: tool.description, part: rendered });
    return rendered;
  };
}
