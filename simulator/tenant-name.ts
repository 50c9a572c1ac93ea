/**
 * The tenant-name rule, written once: 1 to 100 letters, digits or `._:-` characters, and not a
 * token (a JWT sent as the tenant would become a Redis key and a log field). Every place a name
 * arrives (a platform request's `X-Sim-Tenant` or its token's `tid`, an admin request, a token the
 * admin API mints) checks it here, and a bad name is the same 400 `InvalidTenantName` everywhere:
 * never the `default` tenant, never a new tenant.
 */
import { holdsJwt } from '../report/index.ts';
import { SimulatorError } from './error-catalogue.ts';

/** The pattern as contract/admin-api.openapi.yaml states it for the admin API's tenant parameters. */
export const TENANT_NAME_PATTERN = '^[A-Za-z0-9._:-]{1,100}$';
const TENANT_NAME = new RegExp(TENANT_NAME_PATTERN);

/** True when a tenant name follows the rule. */
export function isTenantName(name: string): boolean {
  return TENANT_NAME.test(name) && !holdsJwt(name);
}

/**
 * The name, when it follows the rule; else the 400 `InvalidTenantName`, its target where the name
 * came from (`header.X-Sim-Tenant`, `query.tenant`, `body.tenant`, `header.Authorization` for a
 * token's `tid`).
 */
export function checkTenantName(name: string, target: string): string {
  if (isTenantName(name)) return name;
  throw new SimulatorError('InvalidTenantName', { target });
}
