/**
 * A stand-in for a real deployment, for tests: a proxy in front of a simulator (or of a broken
 * target) that forwards the platform's paths byte for byte and answers 404 under `/__sim`, so
 * nothing of the simulator's admin API can be reached through it.
 */
import { jsonAnswer, startProxy, type RunningProxy } from './proxy.ts';

export type Deployment = RunningProxy;

export function startHiddenAdminDeployment(upstream: string): Promise<Deployment> {
  return startProxy(upstream, async (request, forward) =>
    request.path.startsWith('/__sim')
      ? jsonAnswer(404, { errors: [{ code: 'NotFound', target: 'path', message: 'No route.' }] })
      : forward(),
  );
}
