import type { ToolSchema } from '../../providers/index.js';

/**
 * A tool whose schema depends on the rest of the composition, not only on the package that
 * registers it. Each variant is read from corpus pins that differ only there:
 * - `sandboxed` / `unsandboxed`: `bash` offers sandbox escalation (`sandbox_permissions`,
 *   `justification` and the sentences that explain them) when the sandboxed executor backs it, and
 *   `write` / `edit` when the sandboxed filesystem does; over `dsh-bash-local` / `dsh-fs-local`
 *   (the headless example) and the `fs-glob-sampling` pin's executor they have neither.
 * - `persistent`: `dsh-tool-pwsh-persistent` registers its own `pwsh` (a shell whose state persists
 *   across calls, the `persistent-pwsh-tool-turn` pin), not `dsh-tool-pwsh`'s.
 */
export type ToolVariant = 'sandboxed' | 'unsandboxed' | 'persistent';

/** The package whose presence gives each escalating tool its sandboxed schema. */
export const SANDBOX_BACKENDS: Readonly<Record<string, string>> = {
  bash: '@deepseek-ai/dsh-bash-sandbox',
  write: '@deepseek-ai/dsh-fs-sandbox',
  edit: '@deepseek-ai/dsh-fs-sandbox',
};

/** The packages that register a tool under a name another package also uses, with the variant that tells them apart. */
const REGISTERING_PACKAGE_VARIANTS: Readonly<Record<string, Readonly<Record<string, ToolVariant>>>> = {
  '@deepseek-ai/dsh-tool-pwsh-persistent': { pwsh: 'persistent' },
};

/**
 * The variant of `tool` that `registeringPackage` sends among the loaded `packages`, or undefined
 * when the tool has one schema whatever the composition.
 */
export function selectedVariant(tool: string, registeringPackage: string, packages: ReadonlySet<string>): ToolVariant | undefined {
  const byPackage = REGISTERING_PACKAGE_VARIANTS[registeringPackage]?.[tool];
  if (byPackage) return byPackage;
  const backend = SANDBOX_BACKENDS[tool];
  if (backend === undefined) return undefined;
  return packages.has(backend) ? 'sandboxed' : 'unsandboxed';
}

/** What selects a variant, in words (for reports and the bundled reference head). */
export function variantSelector(tool: string, variant: ToolVariant): string {
  if (variant === 'persistent') {
    const registering = Object.keys(REGISTERING_PACKAGE_VARIANTS).filter((name) => REGISTERING_PACKAGE_VARIANTS[name]?.[tool] === variant);
    return `registered by ${registering.join(' or ')}`;
  }
  const backend = SANDBOX_BACKENDS[tool] ?? 'its sandbox backend';
  return variant === 'sandboxed' ? `${backend} is loaded` : `${backend} is not loaded`;
}

/**
 * The sandbox variant a recorded schema is, read from the schema itself: the escalating one has
 * the `sandbox_permissions` parameter. Undefined for a tool without sandbox variants.
 */
export function recordedSandboxVariant(schema: ToolSchema): ToolVariant | undefined {
  if (SANDBOX_BACKENDS[schema.name] === undefined) return undefined;
  const properties = schema.parameters['properties'];
  const escalates = typeof properties === 'object' && properties !== null && 'sandbox_permissions' in properties;
  return escalates ? 'sandboxed' : 'unsandboxed';
}
