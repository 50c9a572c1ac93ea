/**
 * A URL as the harness shows it (console, reports, error messages): its user information and every
 * query or fragment value that looks like a credential replaced by `<redacted>`, so a password in
 * `https://user:PASS@host` or an `?access_token=` is never printed.
 */
import { isSecretField } from '../contract/secret-fields.ts';
import { REDACTED } from './redact.ts';

/** Query parameter names that carry a credential: tokens, keys, passwords, signatures, sessions. */
const SECRET_PARAM = /token|key|secret|pass|pwd|auth|credential|signature|^sig$|session|^code$/i;

/** A URL for display: user information and secret-looking query and fragment values redacted. */
export function displayUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return displayUnparsed(text);
  }
  // A user name alone may be the credential itself (`https://TOKEN@host`).
  const userinfo = url.password ? `${url.username}:${REDACTED}@` : url.username ? `${REDACTED}@` : '';
  const origin = url.host ? `${url.protocol}//${userinfo}${url.host}` : url.protocol;
  return `${origin}${url.pathname}${displayParams(url.search, '?')}${displayParams(url.hash, '#')}`;
}

function isSecretParam(name: string): boolean {
  return SECRET_PARAM.test(name) || isSecretField(name);
}

/** A query (`?a=1&b=2`) or fragment with the values of secret-looking names redacted, written as given otherwise. */
function displayParams(part: string, mark: '?' | '#'): string {
  if (part.length <= 1) return '';
  const shown = part
    .slice(1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals < 0) return pair;
      const name = decodeSafely(pair.slice(0, equals).replace(/\+/g, ' '));
      return isSecretParam(name) ? `${pair.slice(0, equals)}=${REDACTED}` : pair;
    });
  return `${mark}${shown.join('&')}`;
}

/** Text that does not parse as a URL, user information and secret-looking parameters still redacted. */
function displayUnparsed(text: string): string {
  return text
    .replace(/(\/\/)([^/?#@\s]*)@/, (_, slashes: string, info: string) =>
      info.includes(':') ? `${slashes}${info.split(':')[0] ?? ''}:${REDACTED}@` : `${slashes}${REDACTED}@`,
    )
    .replace(/([?&#])([^=&#\s]+)=([^&#\s]*)/g, (whole, mark: string, name: string) =>
      isSecretParam(decodeSafely(name)) ? `${mark}${name}=${REDACTED}` : whole,
    );
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
