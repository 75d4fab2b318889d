import type { CompositionFacts } from './composition-facts.js';
import { evaluateJsValue, type JsEnvironment } from './js-expression.js';
import { PACKAGE_CATALOG, type PackageContribution } from './package-catalog.js';

/** What one loaded package puts into the head in this composition, and what the reference head cannot supply. */
export interface ComposedContribution extends PackageContribution {
  /** Tools the package registers whose schema in this composition is not the reference head's, with why. */
  readonly variantTools: ReadonlyMap<string, string>;
}

const ATTACHMENT_PACKAGE = /^@deepseek-ai\/dsh-attachment-/;
const SANDBOXED_BASH_EXECUTOR = '@deepseek-ai/dsh-bash-sandbox';
const SANDBOXED_FILESYSTEM = '@deepseek-ai/dsh-fs-sandbox';

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
 * - `bash`'s schema offers sandbox escalation (`sandbox_permissions`, `justification` and the
 *   sentences that explain them) when the sandboxed executor backs it; over another executor the
 *   `fs-glob-sampling` pin sends it without them. `write` and `edit` do the same with the sandboxed
 *   filesystem: over `dsh-fs-local` the headless example's recorded heads have neither parameter.
 *   The reference head has only the escalating schemas.
 */
export function composedContribution(name: string, facts: CompositionFacts, environment: JsEnvironment): ComposedContribution | undefined {
  const catalogued = PACKAGE_CATALOG[name];
  if (!catalogued) return undefined;
  let tools = [...catalogued.tools];
  let sections = [...catalogued.sections];
  const variantTools = new Map<string, string>();
  if (name === '@deepseek-ai/dsh-tool-fs' && [...facts.packages].some((loaded) => ATTACHMENT_PACKAGE.test(loaded))) tools.push('read_image');
  if (name === '@deepseek-ai/dsh-tool-web') {
    const search = evaluateJsValue(configOf(facts, name)['search'], environment);
    if (search.state === 'resolved' && search.value === false) {
      tools = tools.filter((tool) => tool !== 'web_search');
      sections = sections.filter((section) => section !== 'tool:web_search');
    }
  }
  const withoutEscalation = (backend: string) => `its schema has no sandbox escalation without ${backend}, and the reference head has only the escalating one`;
  if (name === '@deepseek-ai/dsh-tool-bash' && !facts.packages.has(SANDBOXED_BASH_EXECUTOR)) variantTools.set('bash', withoutEscalation(SANDBOXED_BASH_EXECUTOR));
  if (name === '@deepseek-ai/dsh-tool-fs' && !facts.packages.has(SANDBOXED_FILESYSTEM)) {
    for (const tool of ['write', 'edit']) variantTools.set(tool, withoutEscalation(SANDBOXED_FILESYSTEM));
  }
  return { tools, sections, variantTools };
}
