import type { ToolSchema } from '../../model/language-model.js';
import { codeModeSections, type CodeModeComposition } from './code-mode.js';
import { UsageError } from '../../../prefix/index.js';
import { interpolate } from './interpolate.js';
import { sdkOutputEstimates } from './sdk/render-sdk-section.js';
import { evaluateText, type AssembledSection, type PromptSection, type SectionContext } from './prompt-section.js';
import type { ToolVisibility } from './tool-visibility.js';

/** The request head of one step: ordered sections, the joined system prompt, and the wire tools. */
export interface AssembledHead<T extends ToolSchema = ToolSchema> {
  readonly sections: readonly AssembledSection[];
  /** The sections' texts joined with blank lines, as `renderPrompt` joins them. */
  readonly system: string;
  readonly tools: readonly ToolSchema[];
  readonly visibility: ToolVisibility<T>;
  /**
   * The SDK tools whose output type DSH's generator can only estimate (`JsonValue`: no output
   * schema given, none recorded in DSH's pinned heads), sorted; empty without Code Mode. Analysis reports a
   * prediction that runs through such an entry as estimated.
   */
  readonly estimatedSdkOutputs: readonly string[];
}

/** Inputs of `assembleHead`. */
export interface HeadInputs<T extends ToolSchema = ToolSchema> {
  /** The global layer, in registration order. */
  readonly globalSections: readonly PromptSection[];
  /** The agent's own layer, in registration order; a name here shadows the global section. */
  readonly scopeSections: readonly PromptSection[];
  readonly visibility: ToolVisibility<T>;
  readonly codeMode?: CodeModeComposition<T> | undefined;
  /** Prompt variables (`model`, `cwd`, `provider`). */
  readonly variables: Readonly<Record<string, string | undefined>>;
  readonly isChild: boolean;
}

/** Separator `renderPrompt` joins sections with (core/system-prompt README: "joins with blank lines"). */
export const SECTION_JOIN = '\n\n';

/**
 * Assembles a request head the way DSH's system-prompt service and `renderPrompt` do: merge the
 * global layer (plus Code Mode's sections) with the agent's layer, a scoped section replacing the
 * global one of the same name; sort by `order` (stable, so ties keep registration order); evaluate
 * and strictly interpolate each text; drop empty sections; keep only an effective complete section
 * when there is one; join with blank lines. Tools are the
 * visibility view's wire schemas, already sorted by name.
 */
export function assembleHead<T extends ToolSchema>(inputs: HeadInputs<T>): AssembledHead<T> {
  const scopeNames = new Set(inputs.scopeSections.map((section) => section.name));
  const global = [...inputs.globalSections, ...(inputs.codeMode ? codeModeSections(inputs.codeMode, inputs.visibility) : [])];
  const merged = [...global.filter((section) => !scopeNames.has(section.name)), ...inputs.scopeSections];
  const ordered = merged.map((section, index) => ({ section, index })).sort((a, b) => a.section.order - b.section.order || a.index - b.index);
  const context: SectionContext = { visibleToolNames: new Set(inputs.visibility.visible.map((tool) => tool.name)), isChild: inputs.isChild };
  let sections: AssembledSection[] = [];
  const complete: AssembledSection[] = [];
  for (const { section } of ordered) {
    const evaluated = evaluateText(section.text, context);
    const text = section.verbatim ? evaluated : interpolate(evaluated, inputs.variables, `section '${section.name}'`);
    if (text === '') continue;
    sections.push({ name: section.name, order: section.order, text });
    if (section.complete) complete.push(sections.at(-1)!);
  }
  if (complete.length > 1) {
    throw new UsageError('prompt/multiple-complete', `sections ${complete.map((section) => `'${section.name}'`).join(', ')} are all complete: at most one section may be the whole prompt`);
  }
  // A complete section is the whole prompt (core/system-prompt README); tools are unaffected.
  if (complete.length === 1) sections = complete;
  return {
    sections,
    system: sections.map((section) => section.text).join(SECTION_JOIN),
    tools: inputs.visibility.wire,
    visibility: inputs.visibility,
    estimatedSdkOutputs: inputs.codeMode ? sdkOutputEstimates(inputs.visibility.sdk) : [],
  };
}

/** Validates a section list the way DSH's registry does at registration: finite orders, no duplicate name in one layer. */
export function assertSectionLayer(sections: readonly PromptSection[], layer: string): void {
  const seen = new Set<string>();
  for (const section of sections) {
    if (!Number.isFinite(section.order)) throw new UsageError('prompt/non-finite-order', `${layer}: section '${section.name}' has a non-finite order ${section.order}`);
    if (seen.has(section.name)) throw new UsageError('prompt/duplicate-section', `${layer}: section '${section.name}' is registered twice in one layer`);
    seen.add(section.name);
  }
}
