/**
 * A mistake in the set-up that an operator fixes (a missing variable, a database behind the build, a
 * database another process has open, a backup that cannot be restored there): main.ts and the commands
 * say its message plainly, without a stack trace, and stop.
 */
export class OperatorError extends Error {
  override name = 'OperatorError';
}
