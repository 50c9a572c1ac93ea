/**
 * What a failed Redis command means for the answer. No reply at all (the server is away, a
 * time-out) is an outage: 503 StoreUnavailable. A server that replies but refuses the command (out
 * of memory, a read-only replica, a failed save, still loading, busy, credentials) is up and needs
 * its operator: 503 StoreRefused, saying why. Any other error reply (a script's own error, a key
 * of the wrong type) cannot come from data the simulator accepts: it is a gas-harness bug or keys
 * under its prefix that something else wrote, answered 500 StoreScriptFailed and never dressed as
 * an outage, so that checkers and logs show it for what it is.
 */
import { SimulatorError } from '../../error-catalogue.ts';

/** Redis error codes of a server that is up and refuses commands until its operator or time fixes it. */
const REFUSALS = new Set([
  'OOM',
  'READONLY',
  'MISCONF',
  'LOADING',
  'BUSY',
  'NOREPLICAS',
  'MASTERDOWN',
  'NOAUTH',
  'NOPERM',
  'WRONGPASS',
  'EXECABORT',
  'CLUSTERDOWN',
  'TRYAGAIN',
]);

/** The server's reason, without the script's name and line that Redis appends. */
const reasonOf = (message: string) => message.replace(/\s*script: [0-9a-f]+, on @\S+\.?$/, '');

/** The simulator's answer to a failed command on the store `where`. */
export function storeFailure(error: unknown, where: string): SimulatorError {
  const message = error instanceof Error ? error.message : String(error);
  // ioredis raises a ReplyError when the server answered with an error; anything else had no answer.
  if (!(error instanceof Error) || error.name !== 'ReplyError')
    return new SimulatorError('StoreUnavailable', {
      message: `The simulator cannot reach its store ${where}: ${message}.`,
    });
  const code = /^[A-Z]+/.exec(message)?.[0] ?? '';
  if (REFUSALS.has(code))
    return new SimulatorError('StoreRefused', {
      message: `The simulator's store ${where} is up but refuses its commands: ${reasonOf(message).replace(/\.?$/, '.')}`,
    });
  return new SimulatorError('StoreScriptFailed');
}
