/** Consumer tests of the catalog family: category update, brand creation and product read. */
import { MatchersV3 } from '@pact-foundation/pact';
import {
  errorListResponse,
  jsonHeaders,
  pathFromState,
  withoutCredentials,
  type ContractCase,
} from './contract-case.ts';

const { boolean, fromProviderState, integer, like, uuid } = MatchersV3;

const CATEGORY_ID = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const MISSING_CATEGORY_ID = 'e3f4a5b6-c7d8-4e9f-8a0b-1c2d3e4f5a6b';
const PRODUCT_ID = '6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const MISSING_PRODUCT_ID = 'f4a5b6c7-d8e9-4f0a-9b1c-2d3e4f5a6b7c';
const BRAND_ID = '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a';
const TAKEN_BRAND_NAME = 'Ultragaz';

const updateCategory: ContractCase = {
  operationId: 'updateCategory',
  description: 'a request to update a category',
  states: [{ name: 'a category {categoryId} exists', params: { categoryId: CATEGORY_ID } }],
  request: {
    method: 'PUT',
    path: pathFromState('/v1/categories/${categoryId}', `/v1/categories/${CATEGORY_ID}`),
    auth: 'bearer',
    body: { name: like('Gás de cozinha'), description: like('Botijões para uso residencial') },
  },
  response: { status: 204 },
  call: (client, body) => client.updateCategory(CATEGORY_ID, body),
};

/** The new brand's name comes from the provider state: a name no brand has yet, unique to the run, so a second run creates again. */
const NEW_BRAND_NAME = 'Nacional Gás Parceiro';
const createBrand: ContractCase = {
  operationId: 'createBrand',
  description: 'a request to create a brand',
  states: [{ name: 'no brand is named {name}', params: { name: NEW_BRAND_NAME } }],
  request: {
    method: 'POST',
    path: '/v1/brands',
    auth: 'bearer',
    body: { name: fromProviderState('${name}', NEW_BRAND_NAME), description: like('Gás LP envasado') },
  },
  response: { status: 201, headers: jsonHeaders(), body: { data: { id: uuid(BRAND_ID) } } },
  call: (client, body) => client.createBrand(body),
};

const readProduct: ContractCase = {
  operationId: 'getProduct',
  description: 'a request to read a product',
  states: [
    {
      name: 'a product {productId} exists',
      params: { productId: PRODUCT_ID, categoryId: CATEGORY_ID, brandId: BRAND_ID },
    },
  ],
  request: {
    method: 'GET',
    path: pathFromState('/v1/products/${productId}', `/v1/products/${PRODUCT_ID}`),
    auth: 'bearer',
  },
  response: {
    status: 200,
    headers: jsonHeaders(),
    body: {
      data: {
        id: uuid(PRODUCT_ID),
        name: like('Botijão P13'),
        description: like('Gás LP 13 kg para uso residencial'),
        category: {
          id: uuid(CATEGORY_ID),
          name: like('Gás de cozinha'),
          description: like('Botijões para uso residencial'),
        },
        brand: { id: uuid(BRAND_ID), name: like('Ultragaz'), description: like('Gás LP envasado') },
        imageUrl: like('https://cdn.example.com/products/p13.png'),
        enabled: boolean(true),
        maximumOrderQuantity: integer(5),
        attributes: { externalId: like('P13-ULT') },
      },
    },
  },
  call: (client) => client.getProduct(PRODUCT_ID),
};

export const catalogCases: ContractCase[] = [
  updateCategory,
  withoutCredentials(updateCategory, 'a request to update a category without credentials'),
  {
    ...updateCategory,
    description: 'a request to update a category that does not exist',
    states: [{ name: 'no category {categoryId} exists', params: { categoryId: MISSING_CATEGORY_ID } }],
    request: {
      ...updateCategory.request,
      path: pathFromState('/v1/categories/${categoryId}', `/v1/categories/${MISSING_CATEGORY_ID}`),
    },
    response: errorListResponse(
      404,
      'CategoryNotFound',
      'path.categoryId',
      'No category with the given identifier exists.',
    ),
    call: (client, body) => client.updateCategory(MISSING_CATEGORY_ID, body),
  },
  {
    ...updateCategory,
    description: 'a request to give a category an empty name',
    request: { ...updateCategory.request, body: { name: like('') } },
    response: errorListResponse(422, 'RuleViolated', 'body.name', 'body.name must NOT have fewer than 1 characters'),
  },
  createBrand,
  withoutCredentials(createBrand, 'a request to create a brand without credentials'),
  {
    ...createBrand,
    description: 'a request to create a brand whose name is taken',
    states: [{ name: 'a brand named {name} exists', params: { name: TAKEN_BRAND_NAME } }],
    request: { ...createBrand.request, body: { name: fromProviderState('${name}', TAKEN_BRAND_NAME) } },
    response: errorListResponse(409, 'BrandNameTaken', 'body.name', 'A brand with this name already exists.'),
  },
  {
    ...createBrand,
    description: 'a request to create a brand with an empty name',
    request: { ...createBrand.request, body: { name: like('') } },
    response: errorListResponse(422, 'RuleViolated', 'body.name', 'body.name must NOT have fewer than 1 characters'),
  },
  readProduct,
  withoutCredentials(readProduct, 'a request to read a product without credentials'),
  {
    ...readProduct,
    description: 'a request to read a product that does not exist',
    states: [{ name: 'no product {productId} exists', params: { productId: MISSING_PRODUCT_ID } }],
    request: {
      ...readProduct.request,
      path: pathFromState('/v1/products/${productId}', `/v1/products/${MISSING_PRODUCT_ID}`),
    },
    response: errorListResponse(
      404,
      'ProductNotFound',
      'path.productId',
      'No product with the given identifier exists.',
    ),
    call: (client) => client.getProduct(MISSING_PRODUCT_ID),
  },
];
