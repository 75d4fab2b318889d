import { InputError } from '../../../prefix/index.js';
import { HARNESS_IDENTITY } from './dsh-texts.js';
import type { AssembledSection } from './prompt-section.js';
import { SECTION_ORDERS } from './section-orders.js';
import { SECTION_JOIN } from './assemble-head.js';

/** Where a known section starts in rendered text, and its identity. */
export interface SectionMarker {
  readonly name: string;
  readonly order: number;
  /** The section's opening text, or a pattern anchored at its start. */
  readonly startsWith: string | RegExp;
}

/**
 * Openings of DSH's shipped sections, read from the corpus pins. Section boundaries were found by
 * diffing the 18 pinned heads (`examples/*\/tests/snapshots/*\/system-prompt*.expected.md`) against
 * `text-turn`'s: a section is a run of paragraphs that appears or disappears as one unit between
 * compositions (e.g. `fs-glob-sampling` drops read/write/edit and adds glob/grep; the `*.1.expected`
 * child pins add one paragraph, `tool:report`; code-mode pins add `tools:code-only` after the persona
 * and the multi-paragraph `tools:sdk` block at the end). Paragraphs between two markers belong to
 * the earlier section (the cordis and SDK sections span many), and whatever follows the identity up
 * to the first marker is the deployment persona. Orders: `SECTION_ORDERS`.
 */
export const DSH_SECTION_MARKERS: readonly SectionMarker[] = [
  { name: 'harness:identity', order: SECTION_ORDERS['harness:identity'], startsWith: HARNESS_IDENTITY },
  // Openings of the sections no corpus head carries, as DSH's public source writes them (app-boot,
  // web-app, plan-mode, tool-agent-team, file-reference-local, ui-deliverables); the plan-mode
  // opening is also the `section` of DSH's `apps/cli/config/agent-presets/code/agent.cordis.yml`.
  { name: 'harness:source', order: SECTION_ORDERS['harness:source'], startsWith: 'The DeepSeek Harness implementation checkout is at ' },
  { name: 'app:web-surface', order: SECTION_ORDERS['app:web-surface'], startsWith: 'You are interacting with the user through the DeepSeek Harness Web GUI at ' },
  { name: 'plan:policy', order: SECTION_ORDERS['plan:policy'], startsWith: 'You are in plan mode.' },
  { name: 'team:policy', order: SECTION_ORDERS['team:policy'], startsWith: 'Agent Teams is available in this session' },
  { name: 'tools:code-only', order: SECTION_ORDERS['tools:code-only'], startsWith: '`run_code` is the only tool you can call directly' },
  { name: 'context:file-reference', order: SECTION_ORDERS['context:file-reference'], startsWith: /^(?:Tokens|Paths) prefixed with @ are / },
  { name: 'tool:read', order: SECTION_ORDERS['tool:read'], startsWith: 'Use the read tool — ' },
  { name: 'tool:write', order: SECTION_ORDERS['tool:write'], startsWith: 'Use the write tool ' },
  { name: 'tool:edit', order: SECTION_ORDERS['tool:edit'], startsWith: 'Use the edit tool ' },
  { name: 'tool:glob', order: SECTION_ORDERS['tool:glob'], startsWith: 'Use the glob tool ' },
  { name: 'tool:grep', order: SECTION_ORDERS['tool:grep'], startsWith: 'Use the grep tool ' },
  { name: 'tool:bash', order: SECTION_ORDERS['tool:bash'], startsWith: 'Check the [exit code: N] marker' },
  { name: 'tool:pwsh', order: SECTION_ORDERS['tool:pwsh'], startsWith: 'Non-zero exits are reported as `[exit code: N]` markers' },
  { name: 'tool:pty', order: SECTION_ORDERS['tool:pty'], startsWith: 'Use a terminal session only when' },
  { name: 'tool:jobs', order: SECTION_ORDERS['tool:jobs'], startsWith: 'Track every background job id you start.' },
  { name: 'tool:web_search', order: SECTION_ORDERS['tool:web_search'], startsWith: 'Use the web_search tool ' },
  { name: 'tool:web_fetch', order: SECTION_ORDERS['tool:web_fetch'], startsWith: 'Use the web_fetch tool ' },
  { name: 'tool:lsp', order: SECTION_ORDERS['tool:lsp'], startsWith: 'Use search/read for ordinary navigation.' },
  { name: 'tool:session-query', order: SECTION_ORDERS['tool:session-query'], startsWith: 'Use session_search to find relevant work' },
  { name: 'tool:goal', order: SECTION_ORDERS['tool:goal'], startsWith: 'Use goal tools ' },
  { name: 'tool:workflow', order: SECTION_ORDERS['tool:workflow'], startsWith: 'Use the workflow tool ONLY' },
  { name: 'tool:cordis', order: SECTION_ORDERS['tool:cordis'], startsWith: '# Dynamic Cordis Plugins' },
  { name: 'tool:ralph', order: SECTION_ORDERS['tool:ralph'], startsWith: 'Use the ralph tool ONLY' },
  { name: 'tool:subagent', order: SECTION_ORDERS['tool:subagent'], startsWith: /^Use (\S+) in the background by default\./ },
  { name: 'tool:report', order: SECTION_ORDERS['tool:report'], startsWith: 'Deliver your result with the report tool' },
  { name: 'tools:sdk', order: SECTION_ORDERS['tools:sdk'], startsWith: '## Writing code for run_code' },
  { name: 'tool:structured_output', order: SECTION_ORDERS['tool:structured_output'], startsWith: 'When you have your final answer, you MUST report it' },
  { name: 'ui:deliverable-file-references', order: SECTION_ORDERS['ui:deliverable-file-references'], startsWith: 'When you successfully create or modify files, mention the primary outputs' },
];

function matchAt(text: string, position: number, marker: SectionMarker): string | undefined {
  if (typeof marker.startsWith === 'string') return text.startsWith(marker.startsWith, position) ? marker.name : undefined;
  const match = marker.startsWith.exec(text.slice(position, position + 200));
  if (!match) return undefined;
  // `tool:<toolName>`: the delegation tool's section is named after its configured tool.
  return marker.name === 'tool:subagent' && match[1] !== undefined ? `tool:${match[1]}` : marker.name;
}

/** Sections that are one paragraph: whatever follows one of them up to the next marker is the persona. */
const ONE_PARAGRAPH_SECTIONS = new Set(['harness:identity', 'harness:source', 'app:web-surface']);

/** Options of `splitRenderedPrompt`. */
export interface SplitPromptOptions {
  /**
   * The head is one complete persona (DSH `complete: true`, e.g. the `minimal` agent preset): the
   * whole text is the `deployment:persona` section and nothing else, identity included, is cut out.
   */
  readonly completePersona?: boolean;
}

/**
 * Splits a rendered system prompt (a pin, or a recorded `request/header.system`) back into ordered
 * sections. Cuts happen only at a blank-line separator followed by a known section opening; the
 * text that follows the one-paragraph openers (identity, `harness:source`, `app:web-surface`) up to
 * the next known opening is the deployment persona. The result joins back to the input byte for
 * byte and its orders never decrease, or an `InputError` says where the text does not fit the
 * catalog.
 */
export function splitRenderedPrompt(
  text: string,
  source: string,
  markers: readonly SectionMarker[] = DSH_SECTION_MARKERS,
  options: SplitPromptOptions = {},
): AssembledSection[] {
  if (options.completePersona) {
    if (text === '') throw new InputError('head/empty-persona', 'a complete persona head has no text', { source });
    return [{ name: 'deployment:persona', order: SECTION_ORDERS['deployment:persona'], text }];
  }
  const cuts: { position: number; name: string; order: number }[] = [];
  // Candidate starts: offset 0 and every offset right after a blank-line separator. Overlapping
  // separators count ("text\n" + "\n\n" + "next" is how a section ending in a newline joins).
  for (let position = 0, separator = -1; position <= text.length; ) {
    for (const marker of markers) {
      const name = matchAt(text, position, marker);
      if (name !== undefined) {
        cuts.push({ position, name, order: marker.order });
        break;
      }
    }
    separator = text.indexOf(SECTION_JOIN, separator + 1);
    if (separator < 0) break;
    position = separator + SECTION_JOIN.length;
  }
  if (cuts[0]?.name !== 'harness:identity' || cuts[0].position !== 0) {
    throw new InputError('head/no-identity', `the prompt does not open with the harness identity '${HARNESS_IDENTITY}': pass completePersona for a complete-persona head`, { source });
  }
  const sections: AssembledSection[] = [];
  for (const [index, cut] of cuts.entries()) {
    const end = index + 1 < cuts.length ? cuts[index + 1]!.position - SECTION_JOIN.length : text.length;
    const body = text.slice(cut.position, end);
    const paragraphEnd = cut.name === 'harness:identity' ? HARNESS_IDENTITY.length : body.indexOf(SECTION_JOIN);
    if (ONE_PARAGRAPH_SECTIONS.has(cut.name) && paragraphEnd >= 0 && paragraphEnd < body.length) {
      sections.push({ name: cut.name, order: cut.order, text: body.slice(0, paragraphEnd) });
      sections.push({ name: 'deployment:persona', order: SECTION_ORDERS['deployment:persona'], text: body.slice(paragraphEnd + SECTION_JOIN.length) });
      continue;
    }
    sections.push({ name: cut.name, order: cut.order, text: body });
  }
  for (let index = 1; index < sections.length; index++) {
    if (sections[index]!.order < sections[index - 1]!.order) {
      throw new InputError(
        'head/section-order',
        `section '${sections[index]!.name}' (order ${sections[index]!.order}) follows '${sections[index - 1]!.name}' (order ${sections[index - 1]!.order}): the text does not match DSH's section orders`,
        { source },
      );
    }
  }
  const personas = sections.filter((section) => section.name === 'deployment:persona').length;
  if (personas > 1) throw new InputError('head/split-persona', `${personas} stretches of text fit no known section: the prompt has sections the catalog does not know`, { source });
  if (sections.map((section) => section.text).join(SECTION_JOIN) !== text) {
    throw new InputError('head/split-mismatch', 'the split sections do not join back to the prompt', { source });
  }
  return sections;
}
