import type { SdkRenderer } from './sdk-renderer.js';
import { joinSdkEntries, sdkToolEntry } from './render-sdk-section.js';
import { parseSdkBlock, type SdkBlockEntry } from './sdk-block.js';

/**
 * An SDK renderer anchored on a recorded DSH block: a tool the block declares keeps its recorded
 * entries byte for byte, any other tool is rendered from its schema (`sdkToolEntry`), and the
 * entries are joined in DSH's order. Since DSH joins independent per-tool entries, this reproduces
 * the recorded block for the recorded set and gives DSH's block for any subset, including under
 * Code Mode `code`, whose end-tool schemas appear nowhere but in the block. A block DSH's generator
 * did not write is an `InputError` (`head/sdk-block`) from `parseSdkBlock`.
 */
export function recordedSdkRenderer(recordedBlock: string): SdkRenderer {
  const recorded = new Map<string, SdkBlockEntry>(parseSdkBlock(recordedBlock).entries.map((entry) => [entry.name, entry]));
  return (tools) => joinSdkEntries(tools.map((tool) => recorded.get(tool.name) ?? sdkToolEntry(tool)));
}
