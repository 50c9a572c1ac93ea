/** Fault rule `drop`: ends a connection the way a failing network or proxy would. */
import type { FastifyReply } from 'fastify';
import type { DropMode } from './store/faults.ts';

export function dropConnection(reply: FastifyReply, mode: DropMode): FastifyReply {
  reply.hijack();
  const socket = reply.raw.socket;
  if (mode === 'malformed') {
    // A success status with a body cut off in the middle of the JSON.
    reply.raw.writeHead(200, { 'content-type': 'application/json', connection: 'close' });
    reply.raw.end('{"data": {"id": "');
  } else if (mode === 'reset') socket?.resetAndDestroy();
  else socket?.end();
  return reply;
}
