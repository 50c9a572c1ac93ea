/** The product catalogue: categories, brands and products; product reads resolve the current category and brand. */
import { randomUUID } from 'node:crypto';
import type { Schema } from '../../contract/index.ts';
import { SimulatorError } from '../error-catalogue.ts';
import type { OperationHandlers } from '../operation-handler.ts';
import type { StoredRecord } from '../store/collections.ts';

export const catalogHandlers = {
  async updateCategory({ params, body, store }) {
    if (body.categoryId !== undefined && body.categoryId !== params.categoryId) {
      throw new SimulatorError('IdMismatch', {
        target: 'body.categoryId',
        message: 'body.categoryId does not match the categoryId of the path.',
      });
    }
    const category = await store.get('categories', params.categoryId);
    if (!category) throw new SimulatorError('CategoryNotFound');
    await store.put('categories', {
      ...category,
      name: body.name,
      ...(body.description !== undefined ? { description: body.description } : {}),
    });
    return undefined;
  },

  async createBrand({ body, store }) {
    const id = randomUUID();
    const brand = { id, name: body.name, ...(body.description !== undefined ? { description: body.description } : {}) };
    if (!(await store.putUnique('brands', brand, 'name'))) throw new SimulatorError('BrandNameTaken');
    return { data: { id } };
  },

  async getProduct({ params, store }) {
    const product = await store.get('products', params.productId);
    if (!product) throw new SimulatorError('ProductNotFound');
    // Built field by field: rest and spread cost twice as much on the hottest read.
    const data: StoredRecord = {};
    for (const key in product) if (key !== 'categoryId' && key !== 'brandId') data[key] = product[key];
    const [category, brand] = await store.getMany([
      ['categories', String(product.categoryId)],
      ['brands', String(product.brandId)],
    ]);
    data.category = reference(category, product.categoryId);
    data.brand = reference(brand, product.brandId);
    // The stored product passed the Product schema; only its references were resolved here.
    return { data: data as Schema<'Product'> };
  },
} satisfies Partial<OperationHandlers>;

/** The embedded category or brand: its current name and description. */
function reference(record: StoredRecord | undefined, id: unknown): StoredRecord {
  const embedded: StoredRecord = { id };
  if (record) {
    embedded.name = record.name;
    if (record.description !== undefined) embedded.description = record.description;
  }
  return embedded;
}
