import { createRequest, getTokenizer, LAYOUTS, PrefixTokenCounter, type LayoutName, type MessagePart, type PrefixRequest, type SegmentInput } from '../../prefix/index.js';
import { toolSchemaToChatWire, type AssembledHead, type StoredMessage, type ToolSchema } from '../../providers/index.js';

/**
 * What repeated guard decisions on one parent can share, owned by the caller (no process-wide
 * state): a token counter whose per-segment counts stay memoised, the parent's rendered request
 * (no child delta changes it), and the rendered JSON of tool schemas and history messages, which a
 * child head repeats from its parent's. A CI job or editor that checks one config change after
 * another keeps one cache per parent; a one-off run needs none.
 */
export class GuardCache {
  readonly counter: PrefixTokenCounter;
  readonly #parents = new WeakMap<object, PrefixRequest>();
  // Keyed by the schema's `parameters` object, which every assembly passes through unchanged.
  readonly #tools = new WeakMap<object, { readonly layout: LayoutName; readonly name: string; readonly description: string; readonly input: SegmentInput }[]>();
  readonly #histories = new WeakMap<readonly StoredMessage[], readonly SegmentInput[]>();

  constructor(counter: PrefixTokenCounter = new PrefixTokenCounter(getTokenizer())) {
    this.counter = counter;
  }

  /** The parent's rendered request for a setup object, rendered once. The setup must not be mutated afterwards. */
  parentRequest(setup: object, render: () => PrefixRequest): PrefixRequest {
    let request = this.#parents.get(setup);
    if (!request) this.#parents.set(setup, (request = render()));
    return request;
  }

  /**
   * Renders a head and history as `renderRequest` does (the layout's own segment inputs, in its
   * order), reusing the inputs of tools and history already rendered: JSON serialisation of the
   * tool block dominates rendering a realistic head, and a child repeats its parent's tools.
   */
  render(route: { readonly provider: string; readonly model: string }, layout: LayoutName, head: AssembledHead, history: readonly StoredMessage[], messages: () => readonly MessagePart[]): PrefixRequest {
    const system = LAYOUTS[layout]({
      system: head.sections.map((section) => ({ name: section.name, text: section.text, kind: section.name === 'tools:sdk' ? ('sdk' as const) : ('system' as const) })),
      tools: [],
      messages: [],
    });
    const tools = head.tools.map((tool) => this.#toolInput(layout, tool));
    let historyInputs = this.#histories.get(history);
    if (!historyInputs) this.#histories.set(history, (historyInputs = LAYOUTS[layout]({ system: [], tools: [], messages: messages() })));
    // The two layouts' documented orders (src/prefix/layout.ts): chat puts system first, Anthropic tools first.
    const inputs = layout === 'anthropic' ? [...tools, ...system, ...historyInputs] : [...system, ...tools, ...historyInputs];
    return createRequest(route, layout, inputs);
  }

  #toolInput(layout: LayoutName, tool: ToolSchema): SegmentInput {
    const key = tool.parameters as object;
    let entries = this.#tools.get(key);
    if (!entries) this.#tools.set(key, (entries = []));
    // Compared field by field: a key string built from a multi-KB description costs more than the lookup saves.
    const found = entries.find((entry) => entry.layout === layout && entry.name === tool.name && entry.description === tool.description);
    if (found) return found.input;
    const input = LAYOUTS[layout]({ system: [], tools: [{ name: tool.name, schema: toolSchemaToChatWire(tool) }], messages: [] })[0]!;
    entries.push({ layout, name: tool.name, description: tool.description, input });
    return input;
  }
}
