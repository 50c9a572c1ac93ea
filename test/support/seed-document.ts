/**
 * Reads the field tables and the endpoints table out of the platform's interface description: the
 * copy the repository keeps (`contract/platform-description.md`), so a clone tests itself; whether that
 * copy still equals the description beside the checkout is `platform-description.test.ts`'s to say.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const SEED_PATH = fileURLToPath(new URL('../../contract/platform-description.md', import.meta.url));
/** Where the description is shared with the project (beside the checkout), when it is there. */
export const SHARED_SEED_PATH = fileURLToPath(
  new URL('../../../shared/seed/gas-ordering-platform-api.md', import.meta.url),
);

export interface SeedField {
  resource: string;
  name: string;
  type: string;
}
export interface SeedEndpoint {
  operation: string;
  method: string;
  path: string;
}

/** Splits a Markdown table row into its trimmed cells. */
const cells = (line: string) =>
  line
    .split('|')
    .slice(1, -1)
    .map((c) => c.trim());

export function readSeed(): { fields: SeedField[]; endpoints: SeedEndpoint[] } {
  const lines = readFileSync(SEED_PATH, 'utf8').split('\n');
  const fields: SeedField[] = [];
  const endpoints: SeedEndpoint[] = [];
  let section = '';
  let resource: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (line.startsWith('## ')) section = line.slice(3).trim();
    const heading = /^### (\w+)/.exec(line) ?? /^(\w+):$/.exec(line);
    if (heading) resource = heading[1];
    if (!line.startsWith('|') || lines[i + 1]?.startsWith('|---') !== true) continue;
    const header = cells(line);
    i += 2;
    for (; lines[i]?.startsWith('|'); i++) {
      const row = cells(lines[i] ?? '');
      if (section === 'Resources and their fields' && header[0] === 'Field' && resource) {
        fields.push({ resource, name: (row[0] ?? '').replace(/`/g, ''), type: row[1] ?? '' });
      }
      if (section === 'Endpoints' && header[0] === 'Operation') {
        endpoints.push({
          operation: row[0] ?? '',
          method: row[1] ?? '',
          path: (row[2] ?? '').replace(/\s*\(.*\)$/, ''),
        });
      }
    }
    i--;
  }
  return { fields, endpoints };
}
