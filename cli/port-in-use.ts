/**
 * "Port in use" as one clear line: commands that listen check their port before they start, and
 * turn a listen error into the same line; the CLI prints it and exits 2.
 */
import { createServer } from 'node:net';

/** The line for a port that is taken, or undefined when the error is something else. */
export function portInUseMessage(error: unknown, host: string, port: number): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EADDRINUSE')
    return `port ${port} on ${host} is in use: stop what listens there, or pick another with --port (0: any free port)`;
  if (code === 'EACCES') return `port ${port} on ${host} needs privileges this user lacks: pick another with --port`;
  if (code === 'EADDRNOTAVAIL') return `${host} is not an address of this machine: pick another with --host`;
  return undefined;
}

/** Throws the clear line when nothing can listen on host:port (port 0 is always free). */
export async function assertPortFree(host: string, port: number): Promise<void> {
  if (port === 0) return;
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error) => reject(new Error(portInUseMessage(error, host, port) ?? error.message)));
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve()));
  });
}
