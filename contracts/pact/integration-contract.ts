/** Consumer tests of the integration family: application events sent as application/json-patch+json. */
import { MatchersV3 } from '@pact-foundation/pact';
import {
  problemResponse,
  problemUnauthorizedResponse,
  withoutCredentials,
  type ContractCase,
} from './contract-case.ts';

const { fromProviderState, like } = MatchersV3;

const EVENT_MEDIA_TYPE = 'application/json-patch+json';
const REDELIVERED_MESSAGE_ID = 'msg-2026-11-21-0002';

const event = {
  idMensagem: like('msg-2026-11-21-0001'),
  nomeEvento: like('PedidoEntregue'),
  mensagem: like({ pedidoId: '7e8f9a0b-1c2d-4e3f-9a4b-5c6d7e8f9a0b', entregueEm: '2026-11-21T14:03:00Z' }),
};

const sendEvent: ContractCase = {
  operationId: 'receiveAppEvent',
  description: 'an application event',
  request: {
    method: 'POST',
    path: '/Integration/app-events',
    auth: 'bearer',
    contentType: EVENT_MEDIA_TYPE,
    body: event,
  },
  response: { status: 202 },
  call: (client, body) => client.sendAppEvent(body),
};

export const integrationCases: ContractCase[] = [
  sendEvent,
  {
    ...sendEvent,
    description: 'an application event delivered a second time',
    states: [{ name: 'an event {idMensagem} was received', params: { idMensagem: REDELIVERED_MESSAGE_ID } }],
    request: {
      ...sendEvent.request,
      body: { ...event, idMensagem: fromProviderState('${idMensagem}', REDELIVERED_MESSAGE_ID) },
    },
  },
  {
    ...withoutCredentials(sendEvent, 'an application event without credentials'),
    response: problemUnauthorizedResponse(),
  },
  {
    ...sendEvent,
    description: 'an application event without its event name',
    request: {
      ...sendEvent.request,
      body: {
        idMensagem: like('msg-2026-11-21-0003'),
        mensagem: like({ pedidoId: '7e8f9a0b-1c2d-4e3f-9a4b-5c6d7e8f9a0b' }),
      },
    },
    response: problemResponse(400, 'Bad Request', 'body.nomeEvento is required'),
  },
  {
    ...sendEvent,
    description: 'an application event with an empty message identifier',
    request: { ...sendEvent.request, body: { ...event, idMensagem: like('') } },
    response: problemResponse(422, 'Unprocessable Content', 'body.idMensagem must NOT have fewer than 1 characters'),
  },
];
