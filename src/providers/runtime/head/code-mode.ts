import { CODE_ONLY_INSTRUCTION } from './dsh-texts.js';
import type { SdkRenderer } from './sdk/sdk-renderer.js';
import { SECTION_ORDERS } from './section-orders.js';
import type { ToolSchema } from '../../model/language-model.js';
import type { PromptSection } from './prompt-section.js';
import type { ToolVisibility } from './tool-visibility.js';

/**
 * A Code Mode composition (DSH `mode: code | both`): the reserved `run_code` transport, the SDK
 * renderer, and the `code`-only rule. Under `code` the transport is the only wire schema; under
 * `both` it joins the ordinary schemas.
 */
export interface CodeModeComposition<T extends ToolSchema = ToolSchema> {
  readonly presentation: 'code' | 'both';
  /** The `run_code` transport: its catalog schema and executor. It sits outside every tool filter. */
  readonly transport: T;
  readonly renderSdk: SdkRenderer;
  /** The `tools:code-only` rule; DSH's text by default. */
  readonly codeOnlyInstruction?: string;
}

/**
 * The sections Code Mode adds to every assembly: `tools:code-only` (order 99, empty unless the
 * presentation is `code`) and `tools:sdk` (order 150), regenerated from this view's SDK tools.
 */
export function codeModeSections(composition: CodeModeComposition, visibility: ToolVisibility): PromptSection[] {
  return [
    {
      name: 'tools:code-only',
      order: SECTION_ORDERS['tools:code-only'],
      text: composition.presentation === 'code' ? (composition.codeOnlyInstruction ?? CODE_ONLY_INSTRUCTION) : '',
    },
    // Generated text: used as rendered, never read as a template.
    { name: 'tools:sdk', order: SECTION_ORDERS['tools:sdk'], text: composition.renderSdk(visibility.sdk), verbatim: true },
  ];
}
