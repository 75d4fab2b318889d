import type { GuardFinding } from '../guard-finding.js';
import type { GuardCheck } from '../guard-subject.js';

/**
 * Problems found while reading and resolving the compositions. Invalid rows are `invalid-composition`;
 * what kvprefix cannot evaluate (a `!!js` switch on a delegation row, a Code Mode head) is
 * `unresolved`: both fail closed, since a guard that cannot see a row cannot vouch for it.
 */
export const compositionProblemsCheck: GuardCheck = {
  name: 'composition-problems',
  description: 'rows that do not validate, patches Cordis would skip, switches kvprefix cannot evaluate',
  run(subject) {
    return subject.problems.map((problem): GuardFinding => {
      const base = { severity: problem.severity, file: problem.file, yamlPath: problem.yamlPath, line: problem.line, tool: null, lostTokens: null, code: problem.code };
      return problem.code.startsWith('composition/')
        ? { kind: 'invalid-composition', ...base, message: problem.message }
        : { kind: 'unresolved', ...base, message: `${problem.message}; the guard fails closed` };
    });
  },
};
