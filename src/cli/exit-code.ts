/** Process exit codes of `kvprefix`, one meaning each (README, "The CLI"). */
export const EXIT = {
  /** The command ran and found nothing to report (or was not a check). */
  ok: 0,
  /** A check ran and reported findings (guard). */
  findings: 1,
  /** The command line was wrong: unknown command, option or missing argument. */
  usage: 2,
  /** An input could not be read or was malformed, or an operation failed. */
  input: 3,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];
