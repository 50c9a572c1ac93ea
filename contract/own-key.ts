/**
 * Lookups in a table indexed by a name that comes from input (a provider state, a command, a fault
 * rule's operation, a tenant, a scope, an example): only the table's own keys count, so `constructor`,
 * `__proto__` or `toString` is an unknown name, never a function of Object.prototype.
 */

/** Whether `key` is one of the table's own keys. */
export function hasOwnKey<K extends string>(table: Readonly<Record<K, unknown>>, key: string): key is K {
  return Object.hasOwn(table, key);
}

/** The table's value at `key` when it is one of its own keys, else undefined. */
export function ownValue<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}
