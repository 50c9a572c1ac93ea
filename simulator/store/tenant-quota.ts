/**
 * The tenant quota, written once for both stores. A tenant may hold its dataset's bytes plus
 * `quotaBytes`; what a record counts is record-bytes.ts. The quota bounds one number per tenant,
 * its growth: the bytes of the records it holds less the dataset's bytes of the same records. A
 * tenant's copy of a dataset collection leaves it unchanged; a deleted dataset record takes it below
 * zero, which leaves that much more room for other records.
 *
 * A write moves the growth by `quotaDelta` (the record's counted bytes after it less those before)
 * and only when `fitsQuota` allows: past the quota a write is refused (507); a write that does not
 * grow is always taken, a delete too.
 *
 * Each store gives the rule one primitive, a bounded counter moved in the same step as the record:
 * - memory: `Store.growth` in memory/store.ts, checked and moved in `put` and `delete`;
 * - Redis: the key `growth` of the tenant, moved by `bounded_add` in redis-scripts.ts's WRITE
 *   script (a mirror of `fitsQuota`, one comparison) and given back by DELETE. The simulator passes
 *   the new record's counted bytes; the script reads the old record's from a hash of counted bytes
 *   kept beside the records (`sz:`, the dataset's written by redis-tenants.ts), so no script
 *   measures a record, and a write stays one script call (reading the old record's size first
 *   would be a second round trip, and a race with other processes).
 */
import { SimulatorError } from '../error-catalogue.ts';

/** How a write moves a tenant's growth: the record's counted bytes after it less before (0 for no record). */
export const quotaDelta = (oldBytes: number, newBytes: number): number => newBytes - oldBytes;

/** Whether a tenant whose growth is `growth` may take a write of `delta`: a write that does not grow always may. */
export const fitsQuota = (growth: number, delta: number, quotaBytes: number): boolean =>
  delta <= 0 || growth + delta <= quotaBytes;

/** The refusal of a write that does not fit. */
export const quotaExceeded = (quotaBytes: number): SimulatorError =>
  new SimulatorError('StorageQuotaExceeded', {
    message: `The tenant holds its quota of ${quotaBytes} bytes beyond the dataset; delete records or reset it.`,
  });

/** The refusal of a snapshot whose records need `bytes` while the tenant has `room` left. */
export const snapshotTooLarge = (bytes: number, room: number): SimulatorError =>
  new SimulatorError('StorageQuotaExceeded', {
    message: `The snapshot needs ${bytes} bytes; the tenant may hold ${room} more.`,
  });
