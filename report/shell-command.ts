/**
 * A command line as a POSIX shell reads it: each argument that holds anything but plain characters
 * is single-quoted, so a replay line printed in a report runs as printed when pasted into a shell.
 */

/** One argument, quoted when it must be. */
export const shellArgument = (text: string): string =>
  /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", "'\\''")}'`;

/** `npx gas-harness` and the arguments, each quoted as it must be. */
export const harnessCommand = (args: readonly string[]): string =>
  ['npx', 'gas-harness', ...args].map(shellArgument).join(' ');
