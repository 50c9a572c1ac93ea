/** Users and user profiles: the profile read shows what the upsert stored. */
import { SimulatorError } from '../error-catalogue.ts';
import type { OperationHandlers } from '../operation-handler.ts';
import type { Schema } from '../../contract/index.ts';
import type { StoredRecord } from '../store/collections.ts';

export const userHandlers = {
  async upsertUser({ body, claims, store }) {
    // The user's id is in the body, not the path: a token bound to a user (`sub`) upserts only that user.
    if (claims?.sub !== undefined && claims.sub !== body.id) {
      throw new SimulatorError('Forbidden', { target: 'body.id', message: 'The token is bound to another user.' });
    }
    const existing = await store.get('users', body.id);
    const defaults = {
      userType: 'Consumer',
      emailConfirmed: false,
      phoneNumberConfirmed: false,
      twoFactorEnabled: false,
      passwordChangePending: false,
    };
    const changedEmail = existing && String(existing.email).toLowerCase() !== body.email.toLowerCase();
    const changedPhone = existing && existing.cellPhone !== (body.cellPhone ?? null);
    const stored = await store.putUnique(
      'users',
      {
        ...defaults,
        ...existing,
        id: body.id,
        name: body.name,
        email: body.email,
        cellPhone: body.cellPhone ?? null,
        cpf: body.cpf ?? null,
        // A changed address or number is no longer confirmed.
        ...(changedEmail ? { emailConfirmed: false } : {}),
        ...(changedPhone ? { phoneNumberConfirmed: false } : {}),
      },
      'email',
    );
    if (!stored) throw new SimulatorError('EmailTaken');
    return undefined;
  },

  async getUserProfile({ params, store }) {
    const user = await store.get('users', params.userId);
    if (!user) throw new SimulatorError('UserNotFound');
    return profileOf(user);
  },
} satisfies Partial<OperationHandlers>;

/** The profile of a stored user (a record that passed the User schema, with the defaults upsertUser adds). */
export function profileOf(user: StoredRecord): Schema<'UserProfile'> {
  return {
    id: user.id,
    name: user.name,
    userName: user.email,
    email: user.email,
    emailConfirmed: user.emailConfirmed === true,
    phoneNumber: user.cellPhone ?? null,
    phoneNumberConfirmed: user.phoneNumberConfirmed === true,
    twoFactorEnabled: user.twoFactorEnabled === true,
    userType: user.userType ?? 'Consumer',
    passwordChangePending: user.passwordChangePending === true,
    cpf: user.cpf ?? null,
  } as Schema<'UserProfile'>;
}
