/**
 * The machine's floor for the latency figures: a bare Fastify route answering a fixed product body,
 * in a process of its own, under the same paced load. What no server doing real work can beat here.
 */
import { spawn } from 'node:child_process';
import { runPacedLoad, type PacedLoadResult } from './paced-load.ts';
import { getProduct } from './workloads.ts';

const SERVER = `
import Fastify from 'fastify';
const app = Fastify();
const body = JSON.stringify({ data: { id: 'x', name: 'Botijão P13', description: '${'GLP '.repeat(100)}' } });
app.get('/v1/products/:id', (request, reply) => { reply.type('application/json').send(body); });
process.stdout.write(await app.listen({ host: '127.0.0.1', port: 0 }) + '\\n');
`;

export async function measureFloor(rate: number, durationSec: number, connections: number): Promise<PacedLoadResult> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', SERVER], {
    cwd: new URL('..', import.meta.url),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.setEncoding('utf8').once('data', (line: string) => resolve(line.trim()));
      child.once('exit', () => reject(new Error('the floor server exited before it listened')));
    });
    await runPacedLoad({ url, connections, rate, durationSec: 2, requests: [getProduct('x'.repeat(160))] });
    return await runPacedLoad({ url, connections, rate, durationSec, requests: [getProduct('x'.repeat(160))] });
  } finally {
    child.kill();
  }
}
