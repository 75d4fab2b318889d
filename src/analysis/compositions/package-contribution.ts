import type { CompositionFacts } from './composition-facts.js';
import { evaluateJsValue, type JsEnvironment } from './js-expression.js';
import { PACKAGE_CATALOG, type PackageContribution } from './package-catalog.js';
import { selectedVariant, type ToolVariant } from './tool-variants.js';

/** What one loaded package puts into the head in this composition. */
export interface ComposedContribution extends PackageContribution {
  /** The schema variant of each registered tool that has several (`tool-variants.ts`). */
  readonly toolVariants: ReadonlyMap<string, ToolVariant>;
}

const ATTACHMENT_PACKAGE = /^@deepseek-ai\/dsh-attachment-/;

function configOf(facts: CompositionFacts, name: string): Record<string, unknown> {
  const config = facts.enabled.find((row) => row.name === name)?.config;
  return typeof config === 'object' && config !== null && !Array.isArray(config) ? (config as Record<string, unknown>) : {};
}

/**
 * A catalogued package's contribution as the rest of the composition shapes it (undefined when the
 * package is not catalogued). Each rule is read from a pair of corpus pins that differ only there:
 * - `dsh-tool-fs` registers `read_image` only when an attachment store provides `ctx.attachments`
 *   (tool catalogue; the `read-image` pin adds exactly that tool to the `text-turn` head).
 * - `dsh-tool-web` with `search: false` registers `web_fetch` alone (the `web-fetch` pin).
 * - which schema of `bash`, `write`, `edit` and `pwsh` is sent: `tool-variants.ts`.
 */
export function composedContribution(name: string, facts: CompositionFacts, environment: JsEnvironment): ComposedContribution | undefined {
  const catalogued = Object.hasOwn(PACKAGE_CATALOG, name) ? PACKAGE_CATALOG[name] : undefined; // a row named `toString` is no package
  if (!catalogued) return undefined;
  let tools = [...catalogued.tools];
  let sections = [...catalogued.sections];
  if (name === '@deepseek-ai/dsh-tool-fs' && ![...facts.packages].some((loaded) => ATTACHMENT_PACKAGE.test(loaded))) tools = tools.filter((tool) => tool !== 'read_image');
  if (name === '@deepseek-ai/dsh-tool-web') {
    const search = evaluateJsValue(configOf(facts, name)['search'], environment);
    if (search.state === 'resolved' && search.value === false) {
      tools = tools.filter((tool) => tool !== 'web_search');
      sections = sections.filter((section) => section !== 'tool:web_search');
    }
  }
  const toolVariants = new Map<string, ToolVariant>();
  for (const tool of tools) {
    const variant = selectedVariant(tool, name, facts.packages);
    if (variant) toolVariants.set(tool, variant);
  }
  return { tools, sections, toolVariants };
}
