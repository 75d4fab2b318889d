import * as z from 'zod';
import { InputError } from '../../../prefix/index.js';
import { DEFAULT_MAX_DEPTH } from '../driver/delegation-depth.js';

const toolNames = z.array(z.string().min(1));

/**
 * The delegation tool's configuration, with DSH's keys and defaults (tool-subagent README, "Config";
 * the `tool-subagent*` rows of DSH's `examples/*\/cordis.yml`).
 */
export const delegationToolConfigSchema = z
  .object({
    /** Provider name (`spawn`, `fork`, …). Required. */
    provider: z.string().min(1),
    /** Model-facing name, default `subagent`; distinct for every loaded instance. */
    toolName: z.string().min(1).default('subagent'),
    /** Exposes `run_in_background`, default true; disabling also rejects forced background calls. */
    enableRunInBackground: z.boolean().default(true),
    /** Background lifecycle policy, default `one-shot` (calls default to foreground); `continuable` defaults calls to background. */
    backgroundMode: z.enum(['one-shot', 'continuable']).default('one-shot'),
    /** Child route and output cap; explicit values override what the child inherits. */
    agentOptions: z
      .object({
        provider: z.string().min(1).optional(),
        model: z.string().min(1).optional(),
        maxTokens: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
      })
      .strict()
      .optional(),
    /** Per-child persona; requires the provider's `persona` capability. */
    persona: z.string().optional(),
    /** Per-child global-tool restriction; requires the `toolFilter` capability. */
    toolFilter: z
      .object({ allow: toolNames.optional(), deny: toolNames.optional() })
      .strict()
      .refine((filter) => filter.allow !== undefined || filter.deny !== undefined, {
        message: '`toolFilter` is configured but names neither `allow` nor `deny`: remove the key or fill the filter',
      })
      .optional(),
    /** Absolute delegation-depth cap, default 3 (`0` forbids delegation); `provider-managed` sends no cap. */
    maxDepth: z.union([z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER), z.literal('provider-managed')]).default(DEFAULT_MAX_DEPTH),
  })
  .strict();

/** A validated delegation-tool configuration, defaults applied. */
export type DelegationToolConfig = z.output<typeof delegationToolConfigSchema>;

/** What a composition writes for one delegation tool (defaults may be omitted). */
export type DelegationToolConfigInput = z.input<typeof delegationToolConfigSchema>;

/** Validates a delegation-tool configuration; a bad one is an `InputError` naming the source and every problem. */
export function parseDelegationToolConfig(input: unknown, source = 'delegation tool config'): DelegationToolConfig {
  const parsed = delegationToolConfigSchema.safeParse(input);
  if (!parsed.success) throw new InputError('input/delegation-config', `invalid delegation tool config:\n${z.prettifyError(parsed.error)}`, { source });
  return parsed.data;
}
