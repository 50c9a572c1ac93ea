/**
 * A partner app's journey through the catalogue, sent to any base URL (a simulator, or a recording
 * proxy in front of one): create a brand, rename a category, read a product of that category, and
 * one refused request (the brand's name again: 409).
 */
import { randomUUID } from 'node:crypto';
import { request } from 'undici';
import { createAdminClient } from '../../client/index.ts';

/** A category of the demo dataset and a product in it. */
export const CATEGORY_ID = '8db6dae4-f17f-4eaa-9c8d-e391cf5e7ab6';
export const PRODUCT_ID = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

export interface JourneyResult {
  token: string;
  brandId: string;
  statuses: number[];
}

/** Mints a tenant's token on the simulator, then sends the journey to `baseUrl`. */
export async function runPartnerJourney(simulatorUrl: string, baseUrl: string, tenant: string): Promise<JourneyResult> {
  const { accessToken: token } = await createAdminClient({ baseUrl: simulatorUrl, tenant }).mintToken({
    scopes: ['catalog:read', 'catalog:write'],
  });
  const send = async (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) => {
    const res = await request(`${baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'x-request-id': randomUUID(),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.body.text();
    return { status: res.statusCode, body: text ? (JSON.parse(text) as unknown) : undefined };
  };
  const name = `Nacional Gás ${randomUUID()}`;
  const created = await send('POST', '/v1/brands', { name, description: 'GLP envasado' });
  const renamed = await send('PUT', `/v1/categories/${CATEGORY_ID}`, {
    name: 'Gás residencial',
    description: 'Botijões P13 para fogão',
  });
  const read = await send('GET', `/v1/products/${PRODUCT_ID}`);
  const refused = await send('POST', '/v1/brands', { name });
  const brandId = (created.body as { data: { id: string } }).data.id;
  return { token, brandId, statuses: [created.status, renamed.status, read.status, refused.status] };
}
