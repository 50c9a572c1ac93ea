/** Renders a sent request as a curl command, with every secret redacted. */
import { redactSecrets } from '../report/index.ts';
import type { SentRequest } from './fuzz-case.ts';

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export function curlCommand(baseUrl: string, request: SentRequest, secrets: string[]): string {
  const parts = ['curl', '-i', '-X', request.method, quote(`${baseUrl}${request.path}`)];
  for (const [name, value] of Object.entries(request.headers)) parts.push('-H', quote(`${name}: ${value}`));
  const body =
    request.rawBody !== undefined
      ? request.rawBody
      : 'body' in request && request.body !== undefined
        ? JSON.stringify(request.body)
        : undefined;
  if (body !== undefined) {
    if (!Object.keys(request.headers).some((h) => h.toLowerCase() === 'content-type'))
      parts.push('-H', quote('content-type: application/json'));
    parts.push('--data-binary', quote(body));
  }
  return redactSecrets(parts.join(' '), secrets);
}
