/**
 * Restoring a state file, in-process (the process-level tests are state-file.test.ts): every tenant of
 * a good file is restored; a file that names a bad tenant, holds too many, or is no state file is
 * refused, naming why, before any tenant is restored.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { restoreStateFile } from '../../../../simulator/store/memory/state-file.ts';
import type { MemoryTenants } from '../../../../simulator/store/memory/memory-tenants.ts';

const snapshot = { version: 1, collections: { customers: [{ id: 'c-1', name: 'Cliente' }] } };

function restore(contents: unknown, maxTenants = 10): { restored: string[]; count?: number; error?: string } {
  const file = join(mkdtempSync(join(tmpdir(), 'gas-restore-')), 'state.json');
  writeFileSync(file, typeof contents === 'string' ? contents : JSON.stringify(contents));
  const restored: string[] = [];
  const registry = { restoreTenant: (name: string) => void restored.push(name) } as unknown as MemoryTenants;
  try {
    return { restored, count: restoreStateFile(registry, file, maxTenants) };
  } catch (error) {
    return { restored, error: (error as Error).message };
  }
}

describe('restoring a state file', () => {
  it('restores every tenant of a good file', () => {
    expect(restore({ version: 1, tenants: { 'team-a': snapshot, default: snapshot } })).toEqual({
      restored: ['team-a', 'default'],
      count: 2,
    });
  });

  it('refuses a tenant name no request could use, restoring none', () => {
    const result = restore({ version: 1, tenants: { 'team-a': snapshot, 'bad name': snapshot } });
    expect(result.restored).toEqual([]);
    expect(result.error).toContain('holds a tenant named "bad name", which is not a tenant name');
  });

  it('refuses more tenants than the limit, a bad snapshot, bad JSON and another format, naming why', () => {
    expect(restore({ version: 1, tenants: { a: snapshot, b: snapshot } }, 1).error).toContain(
      'holds 2 tenants and --max-tenants is 1',
    );
    expect(restore({ version: 1, tenants: { a: { version: 1, collections: { nope: [] } } } }).error).toContain(
      'bad snapshot for tenant a',
    );
    expect(restore('{"version":').error).toContain('is not valid JSON');
    expect(restore({ version: 2, tenants: {} }).error).toContain('is not a gas-harness state file');
  });
});
