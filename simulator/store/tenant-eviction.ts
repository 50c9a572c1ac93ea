/**
 * Which tenant goes, written once for both stores: past the tenant limit, the least recently used
 * idle tenant other than `default` and the tenant being added (none when every candidate is busy);
 * with an idle time (Redis), every idle tenant other than `default` that nobody used for that long.
 *
 * A directory gives the policy its roster, two primitives over the tenants it lists: the tenants
 * in order of last use, least recent first, and the removal of one tenant only while it is idle
 * and unused since it was listed, answering whether it removed it. The policy decides, in order,
 * which to remove; the directory then drops the removed tenant's data, counts and reports it.
 *
 * Why the removal carries its own check: the listing and the removal are two steps (round trips
 * in Redis, where other replicas serve meanwhile; a few promise turns in memory), so the tenant
 * picked may have become busy, or been obtained by a request that has not begun yet, in between.
 * Either way the removal is refused and the next candidate taken; in Redis it is one script, so two
 * replicas never both remove one tenant.
 *
 * One asynchronous form rather than a synchronous twin: Redis pages its listing and answers by
 * promise, and the memory store's primitives, synchronous underneath, are wrapped the same way.
 * Only adding a tenant past the limit (and the Redis idle sweep) runs this, never a request for a
 * known tenant, which the memory store still finds synchronously.
 */

/** The tenant a request names none for: always kept (tenants.ts exports it to everything else). */
export const DEFAULT_TENANT = 'default';

/** A tenant as listed: its name and a mark of its last use, compared for equality only. */
export interface ListedTenant {
  readonly name: string;
  /** Redis: the time of last use (its score); memory: the registry's count of uses then. */
  readonly lastUse: number;
}

/** What a directory provides the policy. */
export interface TenantRoster {
  /** The tenants it lists, least recently used first. */
  oldestFirst(): AsyncIterable<ListedTenant>;
  /**
   * Removes the tenant from the listing when no request of it is in flight and it was not used
   * since listed, as one atomic step; answers whether it did.
   */
  removeIfIdle(listed: ListedTenant): Promise<boolean>;
}

/**
 * Removes the roster's idle tenants one by one, least recently used first, never `default` nor
 * `spared`; yields each name once it is removed. A caller that stops early removes no more.
 */
export async function* removeIdleTenants(roster: TenantRoster, spared?: string): AsyncGenerator<string> {
  for await (const listed of roster.oldestFirst()) {
    if (listed.name === DEFAULT_TENANT || listed.name === spared) continue;
    if (await roster.removeIfIdle(listed)) yield listed.name;
  }
}

/** Evicts one tenant to make room for `newcomer`: the name removed, or undefined when every candidate is busy. */
export async function evictOne(roster: TenantRoster, newcomer: string): Promise<string | undefined> {
  for await (const name of removeIdleTenants(roster, newcomer)) return name;
  return undefined;
}
