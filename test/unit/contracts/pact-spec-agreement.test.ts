import { describe, expect, it } from 'vitest';
import { readPactFiles, type LoadedPact, type PactInteraction } from '../../../contracts/pact/pact-files.ts';
import { checkPactsAgainstSpec, formatDisagreement } from '../../../contracts/pact/spec-agreement.ts';

const committed = readPactFiles();

/** A copy of the committed pact in which the interaction `description` is changed by `doctor`. */
function doctored(
  description: string,
  doctor: (interaction: PactInteraction) => void,
): { pacts: LoadedPact[]; index: number } {
  const [first] = committed;
  if (!first) throw new Error('no committed pact');
  const pact = structuredClone(first.pact);
  const index = pact.interactions.findIndex((i) => i.description === description);
  const interaction = pact.interactions[index];
  if (!interaction) throw new Error(`no interaction "${description}"`);
  doctor(interaction);
  return { pacts: [{ path: first.path, pact }], index };
}

describe('the pacts and the spec', () => {
  it('agree for every interaction of every committed pact file', async () => {
    expect(committed.length).toBeGreaterThan(0);
    const disagreements = await checkPactsAgainstSpec(committed);
    expect(disagreements.map(formatDisagreement)).toEqual([]);
  });

  const cases: {
    name: string;
    description: string;
    doctor: (i: PactInteraction) => void;
    pointer: string;
    message: RegExp;
  }[] = [
    {
      name: 'an error list whose code is a number',
      description: 'a request to update a provider that does not exist',
      doctor: (i) => {
        i.response.body = { ...i.response.body, content: { errors: [{ code: 404, target: 'path', message: 'x' }] } };
      },
      pointer: '/response/body/content/errors/0/code',
      message: /must be string,null/,
    },
    {
      name: 'a status the operation does not document',
      description: 'a request to read a product',
      doctor: (i) => {
        i.response.status = 418;
      },
      pointer: '/response/status',
      message: /getProduct does not document status 418/,
    },
    {
      name: 'an application event sent as application/json',
      description: 'an application event',
      doctor: (i) => {
        i.request.headers = { ...i.request.headers, 'Content-Type': ['application/json'] };
      },
      pointer: '/request/headers/Content-Type',
      message: /application\/json-patch\+json/,
    },
    {
      name: 'a problem details answer sent as application/json',
      description: 'an application event without its event name',
      doctor: (i) => {
        i.response.headers = { ...i.response.headers, 'Content-Type': ['application/json'] };
      },
      pointer: '/response/headers/Content-Type',
      message: /application\/problem\+json/,
    },
    {
      name: 'a success request whose body the spec rejects',
      description: 'a request to update a provider of a merchant',
      doctor: (i) => {
        i.request.body = { ...i.request.body, content: { priority: 'first' } };
      },
      pointer: '/request/body/content/priority',
      message: /must be integer,null/,
    },
    {
      name: 'a 422 interaction whose request breaks no rule',
      description: 'a request to give an order a negative delivery estimate',
      doctor: (i) => {
        i.request.body = { ...i.request.body, content: { eta: 30 } };
      },
      pointer: '/request',
      message: /expects 422/,
    },
    {
      name: 'a 204 answer with a body',
      description: 'a request to update a customer',
      doctor: (i) => {
        i.response.body = { content: { id: 'x' }, contentType: 'application/json' };
      },
      pointer: '/response/body',
      message: /without a body/,
    },
    {
      name: 'a bearer operation called with a raw key',
      description: 'a request to read a product',
      doctor: (i) => {
        i.request.headers = { ...i.request.headers, Authorization: ['some-api-key'] };
      },
      pointer: '/request/headers/Authorization',
      message: /Bearer/,
    },
    {
      name: 'the order counter called with a bearer token',
      description: 'a request to count a new order of a consumer',
      doctor: (i) => {
        i.request.headers = { ...i.request.headers, Authorization: ['Bearer abc.def.ghi'] };
      },
      pointer: '/request/headers/Authorization',
      message: /without a scheme word/,
    },
    {
      name: 'a path no operation answers',
      description: 'a request to create a brand',
      doctor: (i) => {
        i.request.path = '/v1/brand';
      },
      pointer: '/request/path',
      message: /no operation of the spec answers POST \/v1\/brand/,
    },
    {
      name: 'a failure object whose numericType is text',
      description: 'a request to read the profile of a user that does not exist',
      doctor: (i) => {
        i.response.body = { ...i.response.body, content: { code: 'UserNotFound', numericType: 'four' } };
      },
      pointer: '/response/body/content/numericType',
      message: /must be integer/,
    },
  ];

  for (const c of cases) {
    it(`disagree, naming the interaction and the JSON pointer, on ${c.name}`, async () => {
      const { pacts, index } = doctored(c.description, c.doctor);
      const disagreements = await checkPactsAgainstSpec(pacts);
      expect(disagreements.length, disagreements.map(formatDisagreement).join('\n')).toBeGreaterThan(0);
      const found = disagreements.find((d) => d.pointer === `/interactions/${index}${c.pointer}`);
      if (!found)
        throw new Error(`no disagreement at ${c.pointer}:\n${disagreements.map(formatDisagreement).join('\n')}`);
      expect(found.interaction).toBe(c.description);
      expect(found.message).toMatch(c.message);
      expect(formatDisagreement(found)).toContain(`"${c.description}" /interactions/${index}${c.pointer}`);
    });
  }
});
