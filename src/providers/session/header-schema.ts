import * as z from 'zod';

/**
 * The log format version kvprefix reads. DSH pins `SESSION_FORMAT_VERSION` at 0 and refuses any
 * other version (session README, Known Limitations); kvprefix does the same rather than guess at a
 * newer layout.
 */
export const SESSION_FORMAT_VERSION = 0;

/**
 * Line 1 of a session log. `version` is absent in DSH's own test-support fixtures (corpus
 * `packages/test-support/acp-snapshot/…/record-suite`), so it is optional; when present it must be 0.
 */
export const sessionHeaderSchema = z
  .object({
    type: z.literal('session'),
    version: z.literal(SESSION_FORMAT_VERSION).optional(),
    id: z.string().min(1),
    createdAt: z.number(),
    cwd: z.string().optional(),
    /** The session this one was delegated from. */
    parentSession: z.string().min(1).optional(),
    /** How many leading events of this log are the parent's seed (a fork child); absent or 0 for a fresh child. */
    seedLength: z.number().int().nonnegative().optional(),
    /** 0 for a root session, parent depth + 1 for a child. */
    delegationDepth: z.number().int().nonnegative().optional(),
    /** `subagent` for a delegated child. */
    origin: z.string().optional(),
  })
  .loose();

/** The header of a session log (the original JSON object; fields beyond the schema are kept). */
export type SessionHeader = z.infer<typeof sessionHeaderSchema>;
