/** Consumer tests of the users family: the user upsert and the profile read (failure object errors). */
import { MatchersV3 } from '@pact-foundation/pact';
import {
  failureResponse,
  idFromState,
  jsonHeaders,
  pathFromState,
  withoutCredentials,
  type ContractCase,
} from './contract-case.ts';

const { boolean, fromProviderState, like, regex, uuid } = MatchersV3;

const USER_ID = '9b2f4e1a-3c5d-4e6f-8a7b-0c1d2e3f4a5b';
const NEW_USER_ID = 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f';
const MISSING_USER_ID = 'd2e3f4a5-b6c7-4d8e-9f0a-1b2c3d4e5f6a';
const TAKEN_EMAIL = 'taken.address@example.com';
const E164 = '^\\+[1-9][0-9]{7,14}$';

const user = {
  id: idFromState('userId', USER_ID),
  name: like('João Pereira'),
  email: like('joao.pereira.partner@example.com'),
  cellPhone: regex(E164, '+5521998765432'),
  cpf: like('11144477735'),
};

const upsertUser: ContractCase = {
  operationId: 'upsertUser',
  description: 'a request to update a user',
  states: [{ name: 'a user {userId} exists', params: { userId: USER_ID } }],
  request: { method: 'PUT', path: '/v1/users', auth: 'bearer', body: user },
  response: { status: 204 },
  call: (client, body) => client.upsertUser(body),
};

const readProfile: ContractCase = {
  operationId: 'getUserProfile',
  description: 'a request to read the profile of a user',
  states: [
    {
      name: 'a user {userId} with email {email} exists',
      params: { userId: USER_ID, email: 'joao.pereira@example.com' },
    },
  ],
  request: {
    method: 'GET',
    path: pathFromState('/v1/users/${userId}/profile', `/v1/users/${USER_ID}/profile`),
    auth: 'bearer',
  },
  response: {
    status: 200,
    headers: jsonHeaders(),
    body: {
      id: uuid(USER_ID),
      name: like('João Pereira'),
      userName: like('joao.pereira@example.com'),
      email: like('joao.pereira@example.com'),
      emailConfirmed: boolean(true),
      phoneNumber: regex(E164, '+5521998765432'),
      phoneNumberConfirmed: boolean(false),
      twoFactorEnabled: boolean(false),
      userType: like('Consumer'),
      passwordChangePending: boolean(false),
      cpf: like('11144477735'),
    },
  },
  call: (client) => client.getUserProfile(USER_ID),
};

export const usersCases: ContractCase[] = [
  upsertUser,
  withoutCredentials(upsertUser, 'a request to update a user without credentials'),
  {
    ...upsertUser,
    description: 'a request to upsert a user with the e-mail of another user',
    states: [{ name: 'a user {userId} with email {email} exists', params: { userId: USER_ID, email: TAKEN_EMAIL } }],
    request: {
      ...upsertUser.request,
      body: { ...user, id: uuid(NEW_USER_ID), email: fromProviderState('${email}', TAKEN_EMAIL) },
    },
    response: failureResponse(409, 'EmailTaken', 'Conflict', 3, 'body.email'),
  },
  {
    ...upsertUser,
    description: 'a request to upsert a user without an identifier',
    states: [],
    request: {
      ...upsertUser.request,
      body: { name: like('João Pereira'), email: like('joao.pereira.partner@example.com') },
    },
    response: failureResponse(400, 'InvalidRequest', 'Validation', 2, 'body.id'),
  },
  {
    ...upsertUser,
    description: 'a request to upsert a user whose CPF has wrong check digits',
    request: { ...upsertUser.request, body: { ...user, cpf: like('11144477700') } },
    response: failureResponse(422, 'RuleViolated', 'Validation', 2, 'body.cpf'),
  },
  readProfile,
  withoutCredentials(readProfile, 'a request to read the profile of a user without credentials'),
  {
    ...readProfile,
    description: 'a request to read the profile of a user that does not exist',
    states: [{ name: 'no user {userId} exists', params: { userId: MISSING_USER_ID } }],
    request: {
      ...readProfile.request,
      path: pathFromState('/v1/users/${userId}/profile', `/v1/users/${MISSING_USER_ID}/profile`),
    },
    response: failureResponse(404, 'UserNotFound', 'NotFound', 4, 'path.userId'),
    call: (client) => client.getUserProfile(MISSING_USER_ID),
  },
];
