/** Parses the Prefer header's simulator preferences: `code=NNN` and `delay=MS`. */
export interface Preferences {
  code?: number;
  delayMs?: number;
}

export const MAX_DELAY_MS = 60_000;

export function parsePrefer(header: string | string[] | undefined): Preferences {
  const prefs: Preferences = {};
  if (header === undefined) return prefs;
  for (const part of [header ?? ''].flat().join(',').split(/[,;]/)) {
    const [name, value] = part.split('=').map((s) => s.trim().toLowerCase());
    const n = Number(value);
    if (!Number.isInteger(n) || n < 0) continue;
    if (name === 'code') prefs.code = n;
    if (name === 'delay') prefs.delayMs = Math.min(n, MAX_DELAY_MS);
  }
  return prefs;
}
