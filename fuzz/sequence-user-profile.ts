/**
 * Stateful sequence: user upserts, then profile reads. A profile reads back what the last accepted
 * upsert of that user wrote; an upsert with another user's e-mail is a conflict; an unknown user is 404.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { Contract } from '../contract/index.ts';
import { arbitraryFromSchema } from './schema-arbitrary.ts';
import {
  componentSchema,
  schemaAssumption,
  successOf,
  type SequenceCommand,
  type SequenceDefinition,
} from './sequence-definition.ts';
import type { SequenceSession } from './sequence-session.ts';

interface StoredUser {
  name: string;
  email: string;
  /** The phone numbers and CPFs the profile may show: an omitted field is null, or kept from before. */
  phone: (string | null)[];
  cpf: (string | null)[];
}

interface UserModel {
  ids: string[];
  emails: string[];
  users: Map<number, StoredUser>;
}

const POOL = 3;

class UpsertUser implements SequenceCommand<UserModel> {
  constructor(
    readonly contract: Contract,
    readonly user: number,
    readonly email: number,
    readonly body: Record<string, unknown>,
  ) {}
  check = () => true;
  async run(model: UserModel, real: SequenceSession): Promise<void> {
    const email = model.emails[this.email] ?? '';
    const body: Record<string, unknown> = { ...this.body, id: model.ids[this.user], email };
    const conflict = [...model.users].some(([index, u]) => index !== this.user && u.email === email);
    const response = await real.call('upsertUser', {
      name: this.toString(),
      body,
      expected: [conflict ? 409 : successOf(this.contract, 'upsertUser')],
    });
    // A refused upsert changes nothing: the profile read expects the user as it was.
    if (conflict || response.status >= 300) return;
    const before = model.users.get(this.user);
    const keep = (value: unknown, previous: (string | null)[] | undefined) =>
      typeof value === 'string' ? [value] : [...new Set([null, ...(previous ?? [])])];
    model.users.set(this.user, {
      name: String(body.name),
      email,
      phone: keep(body.cellPhone, before?.phone),
      cpf: keep(body.cpf, before?.cpf),
    });
  }
  toString = () => `upsertUser(user ${this.user}, email ${this.email}, ${JSON.stringify(this.body)})`;
}

class ReadProfile implements SequenceCommand<UserModel> {
  constructor(
    readonly contract: Contract,
    readonly user: number,
  ) {}
  check = () => true;
  async run(model: UserModel, real: SequenceSession): Promise<void> {
    const stored = model.users.get(this.user);
    const id = model.ids[this.user] ?? '';
    const response = await real.call('getUserProfile', {
      name: this.toString(),
      pathParams: { userId: id },
      expected: [stored ? successOf(this.contract, 'getUserProfile') : 404],
      ...(stored
        ? {
            json: [
              { path: '$.name', equals: stored.name },
              { path: '$.email', equals: stored.email },
            ],
          }
        : {}),
    });
    if (!stored || response.status >= 300) return;
    const profile = response.body as Record<string, unknown>;
    const derived = schemaAssumption(this.contract, 'UserProfile', 'properties');
    real.expect(
      profile.id === id && profile.name === stored.name && profile.email === stored.email,
      `${this.toString()}: the profile shows ${JSON.stringify({ id: profile.id, name: profile.name, email: profile.email })}, the last upsert wrote ${JSON.stringify({ id, name: stored.name, email: stored.email })}`,
    );
    real.expect(
      profile.userName === stored.email,
      `${this.toString()}: userName is ${JSON.stringify(profile.userName)}, expected the e-mail ${stored.email}`,
      derived,
    );
    real.expect(
      stored.phone.includes(profile.phoneNumber as string | null),
      `${this.toString()}: phoneNumber is ${JSON.stringify(profile.phoneNumber)}, expected one of ${JSON.stringify(stored.phone)}`,
      derived,
    );
    const digits = (v: string | null) => (v === null ? null : v.replace(/\D/g, ''));
    real.expect(
      stored.cpf.some((c) => c === profile.cpf || digits(c) === profile.cpf),
      `${this.toString()}: cpf is ${JSON.stringify(profile.cpf)}, expected one of ${JSON.stringify(stored.cpf)}`,
      derived,
    );
  }
  toString = () => `getUserProfile(user ${this.user})`;
}

export const userProfileSequence: SequenceDefinition<UserModel> = {
  name: 'user-profile',
  rule: 'a user upsert is what its profile reads back; an e-mail of another user is 409; an unknown user is 404',
  operations: ['upsertUser', 'getUserProfile'],
  async setup(real) {
    if (real.target.simulator) await real.resetTenant();
    const run = randomUUID().slice(0, 8);
    return {
      ids: Array.from({ length: POOL }, () => randomUUID()),
      emails: Array.from({ length: POOL }, (_, i) => `fuzz-${run}-${i}@example.com`),
      users: new Map(),
    };
  },
  commands(contract) {
    const index = fc.integer({ min: 0, max: POOL - 1 });
    const body = arbitraryFromSchema(componentSchema(contract, 'User')) as fc.Arbitrary<Record<string, unknown>>;
    return [
      fc
        .tuple(index, index, body)
        .map(([user, email, b]): SequenceCommand<UserModel> => new UpsertUser(contract, user, email, b)),
      index.map((user): SequenceCommand<UserModel> => new ReadProfile(contract, user)),
    ];
  },
};
