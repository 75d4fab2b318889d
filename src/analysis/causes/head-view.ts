import { SECTION_SEPARATOR, type PrefixRequest } from '../../prefix/index.js';
import { HARNESS_IDENTITY } from '../../providers/runtime/head/dsh-texts.js';
import { splitRenderedPrompt } from '../../providers/runtime/head/pinned-head.js';
import type { ScopeSection } from './cause-scope.js';

/** One prompt section of a request head, as the cause rules see it. */
export interface HeadSection {
  readonly name: string;
  readonly text: string;
}

/** One tool of a request head: its wire name and the bytes it renders to. */
export interface HeadTool {
  readonly name: string;
  readonly text: string;
}

/** The head of a request (everything before the first message): its sections and tools in wire order. */
export interface HeadView {
  readonly sections: readonly HeadSection[];
  readonly tools: readonly HeadTool[];
  /**
   * How section names were learned: `scope` (given by the host), `segments` (the request's segments
   * carry section ids), `split` (DSH section openings found in the text: inferred) or `wire` (the
   * wire body's own positions, `system`, `system[1]`: no identity).
   */
  readonly sectionNames: 'scope' | 'segments' | 'split' | 'wire';
}

/** Names wire readers give system parts by position: `system`, `system[1]`, `system[0].content[2]`. */
const POSITIONAL_NAME = /^system(?:\[\d+\](?:\.content\[\d+\])?)?$/;

function systemSections(request: PrefixRequest): HeadSection[] {
  const sections: HeadSection[] = [];
  for (const segment of request.segments) {
    if (segment.kind !== 'system' && segment.kind !== 'sdk') continue;
    // Every section after the first carries the separator it was joined with (src/prefix/layout.ts).
    const text = sections.length > 0 && segment.text.startsWith(SECTION_SEPARATOR) ? segment.text.slice(SECTION_SEPARATOR.length) : segment.text;
    sections.push({ name: segment.name, text });
  }
  return sections;
}

/**
 * A DeepSeek Harness prompt carried as one text (a captured body, a log's recorded head) split back
 * into its sections at the openings DSH's sections start with, or undefined when it is not one.
 */
function splitDshPrompt(sections: readonly HeadSection[]): HeadSection[] | undefined {
  const text = sections.map((section) => section.text).join(SECTION_SEPARATOR);
  if (!text.startsWith(HARNESS_IDENTITY)) return undefined;
  try {
    return splitRenderedPrompt(text, 'request head').map(({ name, text: body }) => ({ name, text: body }));
  } catch {
    // Not DSH's catalog (custom sections, another order): keep the sections as the body has them.
    return undefined;
  }
}

/** The head of a request, with section identities from the scope when given, else learned from the request. */
export function headView(request: PrefixRequest, scopeSections?: readonly ScopeSection[]): HeadView {
  const tools = request.segments.filter((segment) => segment.kind === 'tool').map((segment) => ({ name: segment.name, text: segment.text }));
  if (scopeSections) return { sections: scopeSections.map(({ name, text }) => ({ name, text })), tools, sectionNames: 'scope' };
  const sections = systemSections(request);
  if (sections.some((section) => !POSITIONAL_NAME.test(section.name))) return { sections, tools, sectionNames: 'segments' };
  const split = splitDshPrompt(sections);
  return split ? { sections: split, tools, sectionNames: 'split' } : { sections, tools, sectionNames: 'wire' };
}
