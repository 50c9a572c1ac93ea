/** The entry points of an up-to-date bundle in dist/ (built first when the sources changed), as absolute paths. */
export function ensureBuilt(): Promise<{ main: string }>;
/** A hash of every TypeScript source the bundle is made of, and of the lockfile. */
export function sourceStamp(): string;
