import type { CompositionProblem } from '../../compositions/composition-problem.js';
import type { GuardFinding } from '../guard-finding.js';
import type { GuardCheck } from '../guard-subject.js';

/** A row that does not validate (as opposed to one kvprefix cannot evaluate): an `invalid-composition` finding. */
export function isInvalidComposition(problem: CompositionProblem): boolean {
  return problem.code.startsWith('composition/');
}

/** Problems that make the input itself invalid: the guard cannot run on it (exit 3), whatever else it finds. */
export function invalidInputProblems(problems: readonly CompositionProblem[]): CompositionProblem[] {
  return problems.filter((problem) => problem.severity === 'error' && isInvalidComposition(problem));
}

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
      return isInvalidComposition(problem)
        ? { kind: 'invalid-composition', ...base, message: problem.message }
        : { kind: 'unresolved', ...base, message: `${problem.message}; the guard fails closed` };
    });
  },
};
