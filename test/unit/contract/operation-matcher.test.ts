import { describe, expect, it } from 'vitest';
import { loadContract } from '../../../contract/index.ts';

const contract = await loadContract();
const id = (method: string, path: string) => contract.match(method, path)?.operation.id;

describe('the operation matcher', () => {
  it('finds the operation a method and path call, with its path parameters', () => {
    const match = contract.match(
      'PUT',
      '/v1/merchants/3f9a6c1e-2b7d-4e8a-9c5f-1d2e3f4a5b6c/providers/8c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f?x=1',
    );
    expect(match?.operation.id).toBe('updateMerchantProvider');
    expect(match?.params).toEqual({
      merchantId: '3f9a6c1e-2b7d-4e8a-9c5f-1d2e3f4a5b6c',
      merchantProviderId: '8c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
    });
    expect(id('put', '/v1/categories/c1')).toBe('updateCategory');
  });

  it('prefers a literal segment over a parameter', () => {
    expect(id('PUT', '/v1/dealers/users/u1/devices')).toBe('registerDealerDevice');
    expect(id('POST', '/v1/consumers/orders/counter')).toBe('incrementOrderCounter');
    expect(contract.match('PUT', '/v1/consumers/orders/addresses')?.params).toEqual({ consumerId: 'orders' });
  });

  it('percent-decodes each parameter after splitting the path, so an encoded slash stays in its parameter', () => {
    expect(contract.match('GET', '/v1/products/a%20b')?.params).toEqual({ productId: 'a b' });
    expect(contract.match('GET', '/v1/products/a%2Fb')?.params).toEqual({ productId: 'a/b' });
    expect(contract.match('GET', '/v1/products/%E0%A4%A')?.params).toEqual({ productId: '%E0%A4%A' });
  });

  it('matches no operation with a trailing slash, an empty parameter, another method or an unknown path', () => {
    expect(id('GET', '/v1/products/p1/')).toBeUndefined();
    expect(id('GET', '/v1/products/')).toBeUndefined();
    expect(id('POST', '/v1/products/p1')).toBeUndefined();
    expect(id('GET', '/v1/products/p1/extra')).toBeUndefined();
    expect(id('POST', '/integration/app-events')).toBeUndefined();
  });
});
