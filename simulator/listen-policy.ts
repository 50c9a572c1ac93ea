/**
 * Who may reach the simulator, decided by where it listens. In-process and on loopback it answers
 * only requests addressed to a loopback name (against DNS rebinding, allowed-hosts.ts) and lets
 * browsers on loopback origins call the platform's operations (cors.ts); it listens on another
 * address only with an admin key, and then answers any Host and, by default, no browser origin.
 */
import { excerpt } from '../report/index.ts';
import { hostRuleFor, isHostAllowed, parseAllowedHosts, type HostRule } from './allowed-hosts.ts';
import { defaultCorsPolicy, type CorsPolicy } from './cors.ts';
import { SimulatorError } from './error-catalogue.ts';
import type { SimulatorOptions } from './simulator-options.ts';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|::1|\[::1\])$/;

export class ListenPolicy {
  /** The host names given with `--allowed-hosts`, parsed. */
  readonly allowedHosts: string[] | undefined;
  /** Which origins browsers may call the platform's operations from, for where the simulator listens. */
  cors: CorsPolicy;
  private hostRule: HostRule;
  /** The Host last admitted: clients send the same one request after request. */
  private acceptedHost: string | undefined;
  private readonly givenCors: CorsPolicy | undefined;
  private readonly adminKey: string | undefined;

  constructor(options: Pick<SimulatorOptions, 'allowedHosts' | 'cors' | 'adminKey'>) {
    this.allowedHosts = options.allowedHosts && parseAllowedHosts(options.allowedHosts);
    this.givenCors = options.cors;
    this.adminKey = options.adminKey;
    // Until it listens (in-process), a simulator is as strict as on loopback.
    this.hostRule = hostRuleFor(this.allowedHosts, true);
    this.cors = this.givenCors ?? defaultCorsPolicy(true);
  }

  /** Whether a request addressed to `host` (its Host header) is answered. */
  admits(host: string | undefined): boolean {
    if (host !== this.acceptedHost && !isHostAllowed(this.hostRule, host)) return false;
    this.acceptedHost = host;
    return true;
  }

  /** The refusal of a request addressed to a host it does not answer: a page reached through a re-pointed name. */
  hostNotAllowed(host: string | undefined, serverSecrets: readonly string[]): SimulatorError {
    const listed =
      this.hostRule.kind === 'listed' && this.hostRule.hosts.length > 0
        ? ` or to ${this.hostRule.hosts.join(', ')}`
        : '';
    return new SimulatorError('HostNotAllowed', {
      message: `This simulator answers only requests addressed to loopback (127.0.0.1, localhost, [::1])${listed}; Host ${JSON.stringify(excerpt(String(host), 200, serverSecrets))} is not one (behind a proxy, start it with --allowed-hosts).`,
    });
  }

  /** Takes the rules of listening on `host`; refuses a host other than loopback without an admin key. */
  listenOn(host: string): void {
    if (!LOOPBACK.test(host) && !this.adminKey) {
      throw new Error(
        `refusing to listen on ${host} without an admin key: anyone who reaches it could reset or read its state (give --admin-key)`,
      );
    }
    this.cors = this.givenCors ?? defaultCorsPolicy(LOOPBACK.test(host));
    this.hostRule = hostRuleFor(this.allowedHosts, LOOPBACK.test(host));
    this.acceptedHost = undefined;
  }
}
