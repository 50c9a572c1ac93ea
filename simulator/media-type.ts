/** Matches a request's Content-Type against the media types an operation accepts. */

/** The bare media type of a Content-Type header, lower-cased, or undefined when it is not UTF-8. */
export function mediaTypeOf(contentType: string | undefined): string | undefined {
  if (!contentType) return undefined;
  const [type, ...parameters] = contentType.split(';').map((s) => s.trim().toLowerCase());
  const charset = parameters
    .find((p) => p.startsWith('charset='))
    ?.slice('charset='.length)
    .replace(/"/g, '');
  if (charset && charset !== 'utf-8' && charset !== 'utf8') return undefined;
  return type;
}

/** True when `mediaType` is one of `accepted`, where `application/*+json` stands for any JSON suffix type. */
export function acceptsMediaType(accepted: readonly string[], mediaType: string | undefined): boolean {
  if (!mediaType) return false;
  return accepted.some(
    (a) => a === mediaType || (a === 'application/*+json' && /^application\/[a-z0-9.!#$&^_-]+\+json$/.test(mediaType)),
  );
}
