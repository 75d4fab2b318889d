import type { ModelMessage } from '../../model/content.js';
import { RUNTIME_CONTEXT_PLUGIN, RUNTIME_CONTEXT_PREAMBLE } from './dsh-texts.js';
import { SECTION_JOIN } from './assemble-head.js';
import { evaluateText, type PromptContext, type SectionContext } from './prompt-section.js';
import type { RecordedEvent } from '../log/session-log.js';

/** One rendered runtime context, as the snapshot's `source.sections` lists it. */
export interface ContextSnapshotSection {
  readonly name: string;
  readonly text: string;
}

/** Renders the ordered contexts of one assembly (empty ones dropped), global layer first on ties. */
export function renderContexts(contexts: readonly PromptContext[], context: SectionContext): ContextSnapshotSection[] {
  return contexts
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => a.entry.order - b.entry.order || a.index - b.index)
    .map(({ entry }) => ({ name: entry.name, text: evaluateText(entry.text, context) }))
    .filter((section) => section.text !== '');
}

/**
 * The runtime-context snapshot message DSH's loop places in history after the step's input (the
 * plugin-sourced `user/message` of every recorded log): the preamble, then each context, joined with
 * blank lines, with the sections kept in `source.sections`.
 */
export function snapshotMessage(sections: readonly ContextSnapshotSection[], id: string): ModelMessage {
  return {
    content: [{ type: 'text', text: [RUNTIME_CONTEXT_PREAMBLE, ...sections.map((section) => section.text)].join(SECTION_JOIN) }],
    source: { kind: 'plugin', plugin: RUNTIME_CONTEXT_PLUGIN, form: 'snapshot', sections: sections.map((section) => ({ name: section.name, text: section.text })) },
    role: 'user',
    id,
  };
}

/** The sections of the latest snapshot in a log, or undefined when it has none. */
export function latestSnapshot(events: readonly RecordedEvent[]): readonly ContextSnapshotSection[] | undefined {
  for (let index = events.length - 1; index >= 0; index--) {
    const event = events[index]!;
    if (event.type !== 'user/message') continue;
    const source = (event.data as ModelMessage).source;
    if (source?.kind === 'plugin' && source['form'] === 'snapshot') return source['sections'] as ContextSnapshotSection[];
  }
  return undefined;
}

/** True when a new snapshot must be logged: the rendered contexts differ from the log's latest snapshot. */
export function snapshotChanged(sections: readonly ContextSnapshotSection[], events: readonly RecordedEvent[]): boolean {
  const latest = latestSnapshot(events);
  if (latest === undefined) return sections.length > 0;
  return JSON.stringify(latest) !== JSON.stringify(sections);
}
