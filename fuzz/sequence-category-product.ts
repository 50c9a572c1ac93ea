/**
 * Stateful sequence: category updates, then product reads. A product shows the current name of its
 * category in `data.category.name`; updating an unknown category is 404 and changes nothing.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { arbitraryFromSchema } from './schema-arbitrary.ts';
import { componentSchema, successOf, type SequenceCommand, type SequenceDefinition } from './sequence-definition.ts';
import type { SequenceSession } from './sequence-session.ts';
import type { Contract } from '../contract/index.ts';

interface CatalogModel {
  productId: string;
  categoryId: string;
  /** An id no category has. */
  unknownCategoryId: string;
  categoryName: string;
}

class UpdateCategory implements SequenceCommand<CatalogModel> {
  constructor(
    readonly contract: Contract,
    readonly known: boolean,
    readonly body: Record<string, unknown>,
  ) {}
  check = () => true;
  async run(model: CatalogModel, real: SequenceSession): Promise<void> {
    const categoryId = this.known ? model.categoryId : model.unknownCategoryId;
    const body: Record<string, unknown> = { ...this.body, ...('categoryId' in this.body ? { categoryId } : {}) };
    const response = await real.call('updateCategory', {
      name: this.toString(),
      pathParams: { categoryId },
      body,
      expected: [this.known ? successOf(this.contract, 'updateCategory') : 404],
    });
    // A refused update (for a reason the description leaves open) changes nothing: the read-back expects the name as it was.
    if (this.known && response.status < 300) model.categoryName = String(body.name);
  }
  toString = () =>
    `updateCategory(${this.known ? "the product's category" : 'an unknown category'}, ${JSON.stringify(this.body)})`;
}

class ReadProduct implements SequenceCommand<CatalogModel> {
  constructor(readonly contract: Contract) {}
  check = () => true;
  async run(model: CatalogModel, real: SequenceSession): Promise<void> {
    const response = await real.call('getProduct', {
      name: this.toString(),
      pathParams: { productId: model.productId },
      expected: [successOf(this.contract, 'getProduct')],
      json: [{ path: '$.data.category.name', equals: model.categoryName }],
    });
    if (response.status >= 300) return;
    const category = (response.body as { data?: { category?: { id?: unknown; name?: unknown } } }).data?.category ?? {};
    real.expect(
      category.id === model.categoryId && category.name === model.categoryName,
      `${this.toString()}: data.category is ${JSON.stringify(category)}, expected id ${model.categoryId} named ${JSON.stringify(model.categoryName)}`,
    );
  }
  toString = () => 'getProduct(the product)';
}

export const categoryProductSequence: SequenceDefinition<CatalogModel> = {
  name: 'category-product',
  rule: "a renamed category shows in its products' data.category.name; an unknown category is 404",
  operations: ['updateCategory', 'getProduct'],
  async setup(real) {
    await real.resetTenant();
    // On a deployment the profile's product stands in, with the category and name it has.
    const used = await real.providerState('a product {productId} exists', {
      productId: randomUUID(),
      categoryId: randomUUID(),
      brandId: randomUUID(),
      categoryName: 'Gás de cozinha',
    });
    return {
      productId: used.productId ?? '',
      categoryId: used.categoryId ?? '',
      unknownCategoryId: randomUUID(),
      categoryName: used.categoryName ?? '',
    };
  },
  commands(contract) {
    const body = arbitraryFromSchema(componentSchema(contract, 'Category')) as fc.Arbitrary<Record<string, unknown>>;
    return [
      fc
        .tuple(fc.boolean(), body)
        .map(([known, b]): SequenceCommand<CatalogModel> => new UpdateCategory(contract, known, b)),
      fc.constant(null).map((): SequenceCommand<CatalogModel> => new ReadProduct(contract)),
    ];
  },
};
