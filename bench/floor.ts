/**
 * The machine's floor: a bare Fastify server answering the three benchmarked operations the naive
 * way (the bearer verified with jose on every request, Fastify's JSON parser, a `Map` for the
 * writes, a fixed product body), in a process group of its own so that its CPU per request can be
 * read beside the simulator's (cpu-accounting.ts), and its latency under the same paced load.
 * What a server doing the same work without the simulator's checks costs here.
 */
import { spawn } from 'node:child_process';
import { groupCpuMs } from './cpu-accounting.ts';
import { runPacedLoad, type PacedLoadResult } from './paced-load.ts';
import { getProduct } from './workloads.ts';

const SERVER = `
import Fastify from 'fastify';
import { SignJWT, jwtVerify } from 'jose';
const key = new TextEncoder().encode('the floor server signs its own bench token');
const app = Fastify();
const body = JSON.stringify({ data: { id: 'x', name: 'Botijão P13', description: '${'GLP '.repeat(100)}' } });
const customers = new Map();
const events = new Map();
app.addContentTypeParser('application/json-patch+json', { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));
app.addHook('onRequest', async (request, reply) => {
  const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
  try {
    if (!token) throw new Error('no bearer');
    await jwtVerify(token, key);
  } catch {
    return reply.code(401).send({ errors: [{ code: 'Unauthorized' }] });
  }
});
app.get('/v1/products/:id', (request, reply) => { reply.type('application/json').send(body); });
app.put('/v1/customers/:id', (request, reply) => {
  customers.set(request.params.id, JSON.stringify({ ...request.body, id: request.params.id }));
  reply.code(204).send();
});
app.post('/Integration/app-events', (request, reply) => {
  if (!events.has(request.body.idMensagem)) events.set(request.body.idMensagem, JSON.stringify(request.body));
  reply.code(202).send();
});
const now = Math.floor(Date.now() / 1000);
const token = await new SignJWT({ scope: 'bench' }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt(now).setExpirationTime(now + 3600).sign(key);
process.stdout.write(JSON.stringify({ url: await app.listen({ host: '127.0.0.1', port: 0 }), token }) + '\\n');
`;

export interface FloorProcess {
  url: string;
  /** A bearer token the floor accepts. */
  token: string;
  pid: number;
  /** CPU milliseconds the floor's process group has spent so far. */
  cpuMs(): number;
  close(): Promise<void>;
}

export async function spawnFloor(): Promise<FloorProcess> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', SERVER], {
    cwd: new URL('..', import.meta.url),
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const killOnExit = (): void => void child.kill('SIGKILL');
  process.once('exit', killOnExit);
  void exited.then(() => process.removeListener('exit', killOnExit));
  const { url, token } = await new Promise<{ url: string; token: string }>((resolve, reject) => {
    child.stdout
      .setEncoding('utf8')
      .once('data', (line: string) => resolve(JSON.parse(line) as { url: string; token: string }));
    void exited.then(() => reject(new Error('the floor server exited before it listened')));
  });
  const pid = child.pid ?? -1;
  return {
    url,
    token,
    pid,
    cpuMs: () => groupCpuMs(pid),
    async close() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The floor's latency at `rate` requests per second offered, after a 2 s warm-up at the same pace. */
export async function measureFloor(rate: number, durationSec: number, connections: number): Promise<PacedLoadResult> {
  const floor = await spawnFloor();
  try {
    const requests = [getProduct(floor.token)];
    await runPacedLoad({ url: floor.url, connections, rate, durationSec: 2, requests });
    return await runPacedLoad({ url: floor.url, connections, rate, durationSec, requests });
  } finally {
    await floor.close();
  }
}
