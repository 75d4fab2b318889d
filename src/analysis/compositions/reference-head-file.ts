import * as z from 'zod';
import type { ToolVariant } from './tool-variants.js';

/*
 * The bundled reference head's file (`examples/reference-head.json`): every distinct section text
 * and tool schema of DSH's tool packages that a recorded head carries, each with the pins it was
 * read from. `examples/build-reference-head.ts` writes it from the corpus; the package ships it
 * because it ships without the corpus.
 */

const toolSchema = z.object({ name: z.string(), description: z.string(), parameters: z.record(z.string(), z.unknown()) });

export const referenceHeadFileSchema = z.object({
  about: z.string(),
  /** Where the texts come from and under which licence. */
  source: z.string(),
  /** Pins left out, with why. */
  excluded: z.array(z.object({ pin: z.string(), why: z.string() })),
  sections: z.array(z.object({ name: z.string(), order: z.number(), text: z.string(), pins: z.array(z.string()) })),
  tools: z.array(
    z.object({
      variant: z.enum(['sandboxed', 'unsandboxed', 'persistent'] satisfies readonly ToolVariant[]).optional(),
      /** What selects this variant, in words. */
      selectedWhen: z.string().optional(),
      schema: toolSchema,
      pins: z.array(z.string()),
    }),
  ),
});

export type ReferenceHeadFile = z.infer<typeof referenceHeadFileSchema>;

/** The file's text: two-space JSON with a terminal newline, so a rebuild diffs line by line. */
export function referenceHeadFileText(file: ReferenceHeadFile): string {
  return `${JSON.stringify(file, null, 2)}\n`;
}
