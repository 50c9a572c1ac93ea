/**
 * The client a partner application (`gas-partner-app`) uses to call the Gas Ordering Platform: one
 * method per operation, bearer token or raw API key as each operation needs. The consumer tests
 * drive it against Pact's mock server, so the pacts describe what this client really sends.
 */
import { send, type HttpResponse } from '../../client/index.ts';

export type JsonObject = Record<string, unknown>;

export interface PartnerCredentials {
  baseUrl: string;
  /** The `accessToken` from the authentication service; absent when the app is signed out. */
  accessToken?: string;
  /** The order counter's raw API key. */
  apiKey?: string;
}

const segment = encodeURIComponent;

export class PartnerClient {
  constructor(private readonly credentials: PartnerCredentials) {}

  updateMerchantProvider(merchantId: string, merchantProviderId: string, update: JsonObject): Promise<HttpResponse> {
    return this.bearer('PUT', `/v1/merchants/${segment(merchantId)}/providers/${segment(merchantProviderId)}`, update);
  }

  upsertMerchant(merchantId: string, merchant: JsonObject): Promise<HttpResponse> {
    return this.bearer('PUT', `/v1/merchants/${segment(merchantId)}`, merchant);
  }

  upsertCustomer(customerId: string, customer: JsonObject): Promise<HttpResponse> {
    return this.bearer('PUT', `/v1/customers/${segment(customerId)}`, customer);
  }

  upsertConsumerAddress(consumerId: string, address: JsonObject): Promise<HttpResponse> {
    return this.bearer('PUT', `/v1/consumers/${segment(consumerId)}/addresses`, address);
  }

  /** The counter is the one operation authorized by the raw API key, without a scheme word. */
  incrementOrderCounter(request: JsonObject): Promise<HttpResponse> {
    const headers: Record<string, string> = this.credentials.apiKey ? { authorization: this.credentials.apiKey } : {};
    return send({
      method: 'POST',
      url: `${this.credentials.baseUrl}/v1/consumers/orders/counter`,
      headers,
      body: request,
    });
  }

  updateCoverageArea(dealerId: string, coverageAreaId: string, area: JsonObject): Promise<HttpResponse> {
    return this.bearer('PUT', `/v1/dealers/${segment(dealerId)}/coverage-areas/${segment(coverageAreaId)}`, area);
  }

  deleteCoverageArea(dealerId: string, coverageAreaId: string): Promise<HttpResponse> {
    return this.bearer('DELETE', `/v1/dealers/${segment(dealerId)}/coverage-areas/${segment(coverageAreaId)}`);
  }

  registerDealerDevice(userId: string, device: JsonObject): Promise<HttpResponse> {
    return this.bearer('PUT', `/v1/dealers/users/${segment(userId)}/devices`, device);
  }

  updateOrderEta(dealerId: string, orderId: string, estimate: JsonObject): Promise<HttpResponse> {
    return this.bearer('PUT', `/v1/dealers/${segment(dealerId)}/orders/${segment(orderId)}/eta`, estimate);
  }

  upsertUser(user: JsonObject): Promise<HttpResponse> {
    return this.bearer('PUT', '/v1/users', user);
  }

  getUserProfile(userId: string): Promise<HttpResponse> {
    return this.bearer('GET', `/v1/users/${segment(userId)}/profile`);
  }

  updateCategory(categoryId: string, category: JsonObject): Promise<HttpResponse> {
    return this.bearer('PUT', `/v1/categories/${segment(categoryId)}`, category);
  }

  createBrand(brand: JsonObject): Promise<HttpResponse> {
    return this.bearer('POST', '/v1/brands', brand);
  }

  getProduct(productId: string): Promise<HttpResponse> {
    return this.bearer('GET', `/v1/products/${segment(productId)}`);
  }

  /** The event intake takes its body as `application/json-patch+json`. */
  sendAppEvent(event: JsonObject): Promise<HttpResponse> {
    return this.bearer('POST', '/Integration/app-events', event, 'application/json-patch+json');
  }

  private bearer(
    method: string,
    path: string,
    body?: JsonObject,
    contentType = 'application/json',
  ): Promise<HttpResponse> {
    const headers: Record<string, string> = this.credentials.accessToken
      ? { authorization: `Bearer ${this.credentials.accessToken}` }
      : {};
    if (body !== undefined) headers['content-type'] = contentType;
    return send({
      method,
      url: `${this.credentials.baseUrl}${path}`,
      headers,
      ...(body !== undefined ? { body } : {}),
    });
  }
}
