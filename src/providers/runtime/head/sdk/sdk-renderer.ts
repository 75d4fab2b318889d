import { UsageError } from '../../../../prefix/index.js';
import type { ToolSchema } from '../../../model/language-model.js';
import { renderSdkSection } from './render-sdk-section.js';

/**
 * Renders the `tools:sdk` section for the tools an agent can reach from Code Mode. DSH regenerates
 * it at every assembly from the calling scope's visible tools (core/tools README, "The SDK
 * section"), which is why a tool filter changes it and moves the cache break into the block.
 */
export type SdkRenderer = (tools: readonly ToolSchema[]) => string;

/**
 * DSH's SDK generator as an `SdkRenderer`: `renderSdkSection(tools, { codeMode: 'both' })` (the
 * block is the same under `code`). Kept under its earlier name, which used to be kvprefix's own,
 * non-DSH declaration format.
 */
export const renderTypeScriptSdk: SdkRenderer = (tools) => renderSdkSection(tools, { codeMode: 'both' });

/**
 * An SDK renderer that reproduces a recorded SDK section: it returns `pinnedText` for exactly the
 * recorded tool set, and defers to `fallback` (by default: refuses) for any other set. Prefer
 * `recordedSdkRenderer`, which renders every subset of a DSH block exactly; this one is for blocks
 * DSH's generator did not write.
 */
export function pinnedSdkRenderer(pinnedText: string, pinnedToolNames: readonly string[], fallback?: SdkRenderer): SdkRenderer {
  const key = [...pinnedToolNames].sort().join('\n');
  return (tools) => {
    if ([...tools.map((tool) => tool.name)].sort().join('\n') === key) return pinnedText;
    if (fallback) return fallback(tools);
    throw new UsageError(
      'subagent/unpinned-sdk',
      `the recorded SDK section declares [${pinnedToolNames.join(', ')}] but this agent sees [${tools.map((tool) => tool.name).join(', ')}]: pass a fallback renderer to render other tool sets`,
    );
  };
}
