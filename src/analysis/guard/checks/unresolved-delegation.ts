import type { GuardCheck } from '../guard-subject.js';

/**
 * A delegation tool (or programmatic caller) whose provider no loaded package provides: whether the
 * child inherits the parent's context is unknown, so the guard fails closed.
 */
export const unresolvedDelegationCheck: GuardCheck = {
  name: 'unresolved-delegation',
  description: 'delegation tools whose provider is not mounted by any loaded composition',
  run(subject) {
    return subject.unresolvedDelegations.map((entry) => ({
      kind: 'unresolved' as const,
      severity: 'error' as const,
      ...entry.location,
      tool: entry.tool,
      lostTokens: null,
      code: 'guard/unknown-provider',
      message:
        `'${entry.tool}' delegates to provider '${entry.provider}', which no loaded row mounts, so whether its children inherit the parent's context cannot be decided; ` +
        `pass the host composition or bundle patch that mounts it with --host (for DSH's CLI presets: packages/bundle/base/cordis.patch.yml)`,
    }));
  },
};
