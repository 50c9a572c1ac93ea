/**
 * The provider-states endpoint the Pact verifier talks to during a verification: a small server on
 * 127.0.0.1 that sets each state up the run's one way (createStateProvisioner: the simulator's
 * states, a states URL, or the platform's own operations and the profile's fixtures) and answers
 * the values used, which the verifier injects into the replayed requests (`fromProviderState`).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SetUpRefused, type StateProvisioner } from '../../target/index.ts';

export interface StatesEndpoint {
  url: string;
  /**
   * States the run could not set up, each with why its interactions are skipped: a profile key it
   * lacks, or the deployment's refusal of a set-up request (SetUpRefused).
   */
  unavailable: Map<string, string>;
  close(): Promise<void>;
}

interface StateChange {
  state?: unknown;
  params?: Record<string, unknown>;
  action?: unknown;
}

export async function startStatesEndpoint(provisioner: StateProvisioner): Promise<StatesEndpoint> {
  const unavailable = new Map<string, string>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const answer = (status: number, body: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      let change: StateChange;
      try {
        change = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as StateChange;
      } catch {
        answer(400, { error: 'the state change is not JSON' });
        return;
      }
      const state = typeof change.state === 'string' ? change.state : '';
      const params = change.params ?? {};
      const work =
        change.action === 'teardown'
          ? provisioner.tearDown(state, params).then(() => ({}))
          : provisioner.setUp(state, params).then((outcome) => {
              if ('values' in outcome) return outcome.values;
              const reason = `needs ${outcome.unavailable} in the target profile`;
              unavailable.set(state, reason);
              throw new Error(reason);
            });
      work.then(
        (values) => answer(200, values),
        (error: unknown) => {
          if (error instanceof SetUpRefused)
            unavailable.set(state, `the deployment refused the set-up: ${error.message}`);
          answer(500, { error: error instanceof Error ? error.message : String(error) });
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    unavailable,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
