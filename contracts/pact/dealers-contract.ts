/** Consumer tests of the dealers family: coverage area update and delete, device registration, eta. */
import { MatchersV3 } from '@pact-foundation/pact';
import { errorListResponse, pathFromState, withoutCredentials, type ContractCase } from './contract-case.ts';

const { integer, like } = MatchersV3;

const DEALER_ID = '6b7c8d9e-0f1a-4b2c-8d3e-4f5a6b7c8d9e';
const MISSING_DEALER_ID = '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b';
const COVERAGE_AREA_ID = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const DOOMED_COVERAGE_AREA_ID = '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e';
const MISSING_COVERAGE_AREA_ID = '3c4d5e6f-7a8b-4c9d-8e1f-2a3b4c5d6e7f';
const DEALER_USER_ID = '4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a';
const ORDER_ID = '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b';

const areaPath = (areaId: string) => `/v1/dealers/${DEALER_ID}/coverage-areas/${areaId}`;
const areaPathFromState = (areaId: string) =>
  pathFromState('/v1/dealers/${dealerId}/coverage-areas/${coverageAreaId}', areaPath(areaId));
/** An area of the dealer; `deletable` asks for one the verification may delete (on a deployment, one of the profile's deletable areas). */
const areaExists = (areaId: string, deletable = false) => [
  {
    name: 'a coverage area {coverageAreaId} exists for dealer {dealerId}',
    params: { dealerId: DEALER_ID, coverageAreaId: areaId, ...(deletable ? { deletable: 'yes' } : {}) },
  },
];
const noArea = [
  {
    name: 'no coverage area {coverageAreaId} exists for dealer {dealerId}',
    params: { dealerId: DEALER_ID, coverageAreaId: MISSING_COVERAGE_AREA_ID },
  },
];
const areaNotFound = errorListResponse(
  404,
  'CoverageAreaNotFound',
  'path.coverageAreaId',
  'No coverage area with the given identifier exists for this dealer.',
);

const updateArea: ContractCase = {
  operationId: 'updateCoverageArea',
  description: 'a request to rename a coverage area of a dealer',
  states: areaExists(COVERAGE_AREA_ID),
  request: {
    method: 'PUT',
    path: areaPathFromState(COVERAGE_AREA_ID),
    auth: 'bearer',
    body: { name: like('Zona Sul - Moema') },
  },
  response: { status: 204 },
  call: (client, body) => client.updateCoverageArea(DEALER_ID, COVERAGE_AREA_ID, body),
};

const deleteArea: ContractCase = {
  operationId: 'deleteCoverageArea',
  description: 'a request to delete a coverage area of a dealer',
  states: areaExists(DOOMED_COVERAGE_AREA_ID, true),
  request: { method: 'DELETE', path: areaPathFromState(DOOMED_COVERAGE_AREA_ID), auth: 'bearer' },
  response: { status: 204 },
  call: (client) => client.deleteCoverageArea(DEALER_ID, DOOMED_COVERAGE_AREA_ID),
};

const registerDevice: ContractCase = {
  operationId: 'registerDealerDevice',
  description: 'a request to register the device of a dealer user',
  states: [{ name: 'a user {userId} exists', params: { userId: DEALER_USER_ID } }],
  request: {
    method: 'PUT',
    path: pathFromState('/v1/dealers/users/${userId}/devices', `/v1/dealers/users/${DEALER_USER_ID}/devices`),
    auth: 'bearer',
    body: {
      deviceId: like('android-7f3a9c'),
      name: like('Pixel 8 - Entregador'),
      tokenPush: like('push-token-example'),
      appVersion: like('3.14.0'),
    },
  },
  response: { status: 204 },
  call: (client, body) => client.registerDealerDevice(DEALER_USER_ID, body),
};

const updateEta: ContractCase = {
  operationId: 'updateOrderEta',
  description: 'a request to update the delivery estimate of an order of a dealer',
  states: [{ name: 'a dealer {dealerId} exists', params: { dealerId: DEALER_ID } }],
  request: {
    method: 'PUT',
    path: pathFromState(
      `/v1/dealers/\${dealerId}/orders/${ORDER_ID}/eta`,
      `/v1/dealers/${DEALER_ID}/orders/${ORDER_ID}/eta`,
    ),
    auth: 'bearer',
    body: { eta: integer(45) },
  },
  response: { status: 204 },
  call: (client, body) => client.updateOrderEta(DEALER_ID, ORDER_ID, body),
};

export const dealersCases: ContractCase[] = [
  updateArea,
  withoutCredentials(updateArea, 'a request to rename a coverage area of a dealer without credentials'),
  {
    ...updateArea,
    description: 'a request to rename a coverage area that does not exist',
    states: noArea,
    request: { ...updateArea.request, path: areaPathFromState(MISSING_COVERAGE_AREA_ID) },
    response: areaNotFound,
    call: (client, body) => client.updateCoverageArea(DEALER_ID, MISSING_COVERAGE_AREA_ID, body),
  },
  {
    ...updateArea,
    description: 'a request to give a coverage area an empty name',
    request: { ...updateArea.request, body: { name: like('') } },
    response: errorListResponse(422, 'RuleViolated', 'body.name', 'body.name must NOT have fewer than 1 characters'),
  },
  deleteArea,
  {
    ...withoutCredentials(deleteArea, 'a request to delete a coverage area of a dealer without credentials'),
    states: areaExists(DOOMED_COVERAGE_AREA_ID),
  },
  {
    ...deleteArea,
    description: 'a request to delete a coverage area that does not exist',
    states: noArea,
    request: { ...deleteArea.request, path: areaPathFromState(MISSING_COVERAGE_AREA_ID) },
    response: areaNotFound,
    call: (client) => client.deleteCoverageArea(DEALER_ID, MISSING_COVERAGE_AREA_ID),
  },
  registerDevice,
  withoutCredentials(registerDevice, 'a request to register the device of a dealer user without credentials'),
  {
    ...registerDevice,
    description: 'a request to register a device without its push token',
    request: {
      ...registerDevice.request,
      body: { deviceId: like('android-7f3a9c'), name: like('Pixel 8 - Entregador') },
    },
    response: errorListResponse(400, 'InvalidRequest', 'body.tokenPush', 'body.tokenPush is required'),
  },
  {
    ...registerDevice,
    description: 'a request to register a device with an empty device identifier',
    request: { ...registerDevice.request, body: { deviceId: like(''), tokenPush: like('push-token-example') } },
    response: errorListResponse(
      422,
      'RuleViolated',
      'body.deviceId',
      'body.deviceId must NOT have fewer than 1 characters',
    ),
  },
  updateEta,
  withoutCredentials(updateEta, 'a request to update the delivery estimate of an order without credentials'),
  {
    ...updateEta,
    description: 'a request to update the delivery estimate of an order of a dealer that does not exist',
    states: [{ name: 'no dealer {dealerId} exists', params: { dealerId: MISSING_DEALER_ID } }],
    request: {
      ...updateEta.request,
      path: pathFromState(
        `/v1/dealers/\${dealerId}/orders/${ORDER_ID}/eta`,
        `/v1/dealers/${MISSING_DEALER_ID}/orders/${ORDER_ID}/eta`,
      ),
    },
    response: errorListResponse(404, 'DealerNotFound', 'path.dealerId', 'No dealer with the given identifier exists.'),
    call: (client, body) => client.updateOrderEta(MISSING_DEALER_ID, ORDER_ID, body),
  },
  {
    ...updateEta,
    description: 'a request to give an order a negative delivery estimate',
    request: { ...updateEta.request, body: { eta: integer(-5) } },
    response: errorListResponse(422, 'RuleViolated', 'body.eta', 'body.eta must be >= 0'),
  },
];
