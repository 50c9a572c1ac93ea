/**
 * For a test file of a checker: a simulator started before its tests, deliberately broken targets
 * in front of it on demand, and a scratch directory for reports; all gone after its tests.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../simulator/index.ts';
import { startBrokenTarget, type BrokenTarget, type Defect } from './broken-target.ts';

export interface BrokenTargets {
  readonly simulator: RunningSimulator;
  /** The scratch directory. */
  readonly out: string;
  broken(operationId: string, defect: Defect): Promise<BrokenTarget>;
}

export function useBrokenTargets(scratchPrefix: string): BrokenTargets {
  let simulator: RunningSimulator | undefined;
  let out = '';
  const targets: BrokenTarget[] = [];
  beforeAll(async () => {
    simulator = await startSimulator({ port: 0 });
    out = mkdtempSync(join(tmpdir(), scratchPrefix));
  });
  afterAll(async () => {
    await Promise.all(targets.map((t) => t.close()));
    await simulator?.close();
    rmSync(out, { recursive: true, force: true });
  });
  const running = (): RunningSimulator => {
    if (!simulator) throw new Error('the simulator starts in beforeAll');
    return simulator;
  };
  return {
    get simulator() {
      return running();
    },
    get out() {
      return out;
    },
    async broken(operationId, defect) {
      const target = await startBrokenTarget({ upstream: running().url, operationId, defect });
      targets.push(target);
      return target;
    },
  };
}
