import { createDelegationTool, SECTION_ORDERS, type DelegationTool, type HostComposition, type MountedProvider, type PromptSection, type ToolDefinition } from '../../providers/index.js';
import { delegationToolSchema, HARNESS_IDENTITY, schemaOnlyTool } from '../../providers/runtime/index.js';
import { appBundle } from './app-bundle.js';
import { childPath, type CompositionProblem } from './composition-problem.js';
import type { CompositionFacts, DelegationToolFacts } from './composition-facts.js';
import { evaluateJsValue, type JsEnvironment } from './js-expression.js';
import { isToolPackage } from './package-catalog.js';
import { composedContribution } from './package-contribution.js';
import { referenceTool, type ReferenceHead } from './reference-head.js';
import { variantSelector } from './tool-variants.js';
import type { UncountedPackage } from './uncounted-package.js';

export type { UncountedPackage } from './uncounted-package.js';

/** The global layer a composition gives every agent, as the runtime assembles heads from it. */
export interface AssembledComposition {
  readonly host: HostComposition;
  /** The mounted delegation tools by tool name. */
  readonly delegationTools: ReadonlyMap<string, { readonly facts: DelegationToolFacts; readonly mounted: DelegationTool }>;
  readonly uncounted: readonly UncountedPackage[];
  readonly problems: readonly CompositionProblem[];
}

const PERSONA_SOURCES: readonly { readonly package: string; readonly key: string }[] = [
  // A preset's own persona shadows the deployment default (standard preset header).
  { package: '@deepseek-ai/dsh-persona', key: 'text' },
  { package: '@deepseek-ai/dsh-system-prompt', key: 'persona' },
];

function configValue(config: unknown, key: string): unknown {
  return typeof config === 'object' && config !== null && !Array.isArray(config) && Object.hasOwn(config, key) ? (config as Record<string, unknown>)[key] : undefined;
}

/** A remote provider's delegation schema: the runtime wording, with none of the in-process capabilities. */
function remoteProvider(name: string): MountedProvider {
  return { name, capabilities: { outputSchema: false, depthLimit: false, toolFilter: false, persona: false }, inheritsParentContext: false };
}

/**
 * Builds the runtime's `HostComposition` for a composition: the harness identity, the persona the
 * composition sets, each loaded tool package's sections and schemas (texts from the reference head,
 * in the variant the composition selects; the packages an entry-point app bundles count as loaded,
 * and a text the reference head lacks is left out and its package listed as uncounted), and every delegation tool mounted through the runtime's `createDelegationTool`, so its schema and
 * its `tool:<name>` section follow its config exactly as DSH renders them. Mount-time failures DSH
 * raises (a numeric maxDepth on a provider without depth limits, continuable on a provider that
 * cannot) are problems at the row's YAML path.
 */
export function assembleHostComposition(facts: CompositionFacts, reference: ReferenceHead, environment: JsEnvironment): AssembledComposition {
  const problems: CompositionProblem[] = [];
  const uncounted: UncountedPackage[] = [];
  const sections: PromptSection[] = [{ name: 'harness:identity', order: SECTION_ORDERS['harness:identity'], text: HARNESS_IDENTITY, verbatim: true }];
  const tools: ToolDefinition[] = [];

  // Entry-point apps (the ACP and headless demos) carry the deployment persona in their own config.
  const appPersona = facts.enabled.find((row) => typeof configValue(row.config, 'persona') === 'string' && !PERSONA_SOURCES.some((source) => source.package === row.name));
  const personaSources = [...PERSONA_SOURCES, ...(appPersona ? [{ package: appPersona.name, key: 'persona' }] : [])];
  for (const source of personaSources) {
    const row = facts.enabled.find((candidate) => candidate.name === source.package);
    if (!row) continue;
    const value = evaluateJsValue(configValue(row.config, source.key), environment);
    if (value.state === 'unresolved') uncounted.push({ package: row.name, reason: `persona is !!js ${value.source}` });
    else if (typeof value.value === 'string' && value.value !== '') sections.push({ name: 'deployment:persona', order: SECTION_ORDERS['deployment:persona'], text: value.value });
    break;
  }

  // The tool presentation: the registry row's `mode`, or an entry-point app's `tools.mode`.
  const toolsRow =
    facts.enabled.find((row) => row.name === '@deepseek-ai/dsh-tools' && configValue(row.config, 'mode') !== undefined) ??
    facts.enabled.find((row) => configValue(configValue(row.config, 'tools'), 'mode') !== undefined);
  const modeValue = toolsRow ? (configValue(toolsRow.config, 'mode') ?? configValue(configValue(toolsRow.config, 'tools'), 'mode')) : undefined;
  const mode = evaluateJsValue(modeValue, environment);
  if (toolsRow && (mode.state === 'unresolved' || (mode.value !== undefined && mode.value !== 'native'))) {
    const modePath = toolsRow.name === '@deepseek-ai/dsh-tools' ? 'config.mode' : 'config.tools.mode';
    problems.push({
      ...toolsRow.configFrom,
      yamlPath: modePath.split('.').reduce((at, key) => childPath(at, key), toolsRow.configFrom.yamlPath),
      code: 'guard/code-mode-head',
      severity: 'error',
      message: `tool presentation ${mode.state === 'unresolved' ? `!!js ${mode.source}` : JSON.stringify(mode.value)}: a Code Mode head cannot be assembled from a composition (its SDK block is generated from the live tool set); guard with --session <parent log> to use the recorded head`,
    });
  }

  const bundle = appBundle(facts.enabled, environment);
  uncounted.push(...bundle.uncounted);
  for (const name of new Set([...facts.packages, ...bundle.packages])) {
    const contribution = composedContribution(name, facts, environment);
    if (!contribution) {
      if (isToolPackage(name)) uncounted.push({ package: name, reason: 'no catalogued tool names' });
      continue;
    }
    const schemas = contribution.tools.map((tool) => ({ tool, variant: contribution.toolVariants.get(tool), schema: referenceTool(reference, tool, contribution.toolVariants.get(tool)) }));
    const missing = [
      ...schemas.filter(({ schema }) => !schema).map(({ tool, variant }) => (variant ? `${tool} (${variant}: ${variantSelector(tool, variant)})` : tool)),
      ...contribution.sections.filter((section) => !reference.sections.has(section)),
    ];
    // A package missing a text is listed as uncounted; what the reference head has of it is still assembled.
    if (missing.length > 0) uncounted.push({ package: name, reason: `${missing.join(', ')} not in the reference head (${reference.source})` });
    for (const { schema } of schemas) if (schema) tools.push(schemaOnlyTool(schema));
    for (const sectionName of contribution.sections) {
      const section = reference.sections.get(sectionName);
      if (section) sections.push({ name: section.name, order: section.order, text: section.text, verbatim: true });
    }
  }

  const delegationTools = new Map<string, { facts: DelegationToolFacts; mounted: DelegationTool }>();
  for (const delegation of facts.delegationTools) {
    const { config } = delegation;
    if (delegationTools.has(config.toolName)) {
      problems.push({ ...delegation.location, code: 'guard/duplicate-tool', severity: 'error', message: `a second delegation tool is named '${config.toolName}'; DSH requires distinct tool names` });
      continue;
    }
    if (!delegation.provider) continue;
    try {
      const mounted = delegation.provider.runtime
        ? createDelegationTool(config, delegation.provider.runtime)
        : { config, tool: schemaOnlyTool(delegationToolSchema(config, remoteProvider(config.provider))), section: undefined };
      delegationTools.set(config.toolName, { facts: delegation, mounted });
      tools.push(mounted.tool);
      if (mounted.section) sections.push(mounted.section);
    } catch (error) {
      problems.push({ ...delegation.location, code: 'guard/mount-rejected', severity: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  }

  return { host: { sections, tools }, delegationTools, uncounted, problems };
}
