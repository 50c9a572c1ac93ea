/**
 * Which `Host` values the simulator answers: its defence against DNS rebinding. A page on
 * `http://evil.example:4010` whose name its owner re-points at 127.0.0.1 reaches a loopback simulator
 * as its own origin, with `Host: evil.example:4010`; a loopback simulator therefore answers only host
 * names that mean loopback, plus those given with `--allowed-hosts` (a proxy in front of it).
 */

/** `any`: every Host (an exposed simulator, which needs an admin key); `listed`: loopback names and these. */
export type HostRule = { kind: 'any' } | { kind: 'listed'; hosts: readonly string[] };

const HOST_NAME = /^(\.?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])$/;

/**
 * `--allowed-hosts` values: host names (`sim.example.com`), a domain and its subdomains (`.example.com`),
 * IP addresses (`10.0.0.5`, `[fd00::1]`), or `*` for any host. Lower-cased; ports are not part of them.
 */
export function parseAllowedHosts(values: readonly string[]): string[] {
  if (values.includes('*')) {
    if (values.length > 1) throw new Error('--allowed-hosts * cannot be combined with host names');
    return ['*'];
  }
  return values.map((value) => {
    const host = value.trim().toLowerCase().replace(/\.$/, '');
    if (!HOST_NAME.test(host))
      throw new Error(
        `--allowed-hosts ${value}: give a host name without scheme or port (sim.example.com), a domain with its subdomains (.example.com), or *`,
      );
    return host;
  });
}

/**
 * The rule for a simulator: the hosts given (with loopback's names), else loopback's names only when it
 * listens on loopback (or has not listened: in-process), else any.
 */
export function hostRuleFor(allowedHosts: readonly string[] | undefined, listensOnLoopback: boolean): HostRule {
  if (allowedHosts?.includes('*')) return { kind: 'any' };
  if (allowedHosts) return { kind: 'listed', hosts: allowedHosts };
  return listensOnLoopback ? { kind: 'listed', hosts: [] } : { kind: 'any' };
}

/** The host name of a Host header (`[::1]:4010` is `[::1]`), lower-cased; undefined when it is no host. */
export function hostnameOf(host: string): string | undefined {
  const match = /^(\[[^\]]*\]|[^:]*)(:\d{1,5})?$/.exec(host.toLowerCase());
  return match?.[1] ? match[1].replace(/\.$/, '') : undefined;
}

/** 127.0.0.0/8, `localhost` and `[::1]`: names that reach this machine only. */
export function isLoopbackHostname(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname === '[::1]' ||
    /^127\.(25[0-5]|2[0-4]\d|1?\d?\d)\.(25[0-5]|2[0-4]\d|1?\d?\d)\.(25[0-5]|2[0-4]\d|1?\d?\d)$/.test(hostname)
  );
}

/** Whether `hostname` is one of `hosts` (a `.domain` entry names the domain and its subdomains). */
export function isListedHostname(hosts: readonly string[], hostname: string): boolean {
  return hosts.some((h) => (h.startsWith('.') ? hostname === h.slice(1) || hostname.endsWith(h) : hostname === h));
}

/** Whether the simulator answers a request with this Host header under `rule`. */
export function isHostAllowed(rule: HostRule, host: string | undefined): boolean {
  if (rule.kind === 'any') return true;
  // HTTP/1.1 requires a Host (Node refuses a request without one); an HTTP/1.0 client sends none and is
  // no browser, which DNS rebinding needs.
  if (host === undefined) return true;
  const hostname = hostnameOf(host);
  return hostname !== undefined && (isLoopbackHostname(hostname) || isListedHostname(rule.hosts, hostname));
}
