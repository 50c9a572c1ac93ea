/**
 * Stateful sequence: a coverage area is updated and deleted in any order. An update or delete of an
 * existing area succeeds; once deleted, deleting again and updating are 404.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { Contract } from '../../spec/index.ts';
import { arbitraryFromSchema } from './schema-arbitrary.ts';
import { componentSchema, successOf, type SequenceCommand, type SequenceDefinition } from './sequence-definition.ts';
import type { SequenceSession } from './sequence-session.ts';

interface CoverageModel {
  dealerId: string;
  coverageAreaId: string;
  exists: boolean;
}

class UpdateArea implements SequenceCommand<CoverageModel> {
  constructor(readonly contract: Contract, readonly body: Record<string, unknown>) {}
  check = () => true;
  async run(model: CoverageModel, real: SequenceSession): Promise<void> {
    const ids = { dealerId: model.dealerId, coverageAreaId: model.coverageAreaId };
    const body: Record<string, unknown> = { ...this.body };
    for (const [key, value] of Object.entries(ids)) if (key in body) body[key] = value;
    await real.call('updateCoverageArea', {
      name: this.toString(), pathParams: ids, body, expected: [model.exists ? successOf(this.contract, 'updateCoverageArea') : 404],
    });
  }
  toString = () => `updateCoverageArea(${JSON.stringify(this.body)})`;
}

class DeleteArea implements SequenceCommand<CoverageModel> {
  constructor(readonly contract: Contract) {}
  check = () => true;
  async run(model: CoverageModel, real: SequenceSession): Promise<void> {
    await real.call('deleteCoverageArea', {
      name: this.toString(),
      pathParams: { dealerId: model.dealerId, coverageAreaId: model.coverageAreaId },
      expected: [model.exists ? successOf(this.contract, 'deleteCoverageArea') : 404],
    });
    model.exists = false;
  }
  toString = () => 'deleteCoverageArea()';
}

export const coverageAreaSequence: SequenceDefinition<CoverageModel> = {
  name: 'coverage-area',
  rule: 'a coverage area can be updated until it is deleted; deleting again or updating after the delete is 404',
  operations: ['updateCoverageArea', 'deleteCoverageArea'],
  needsSimulator: 'it needs a coverage area it may delete, which only a simulator provider state can create',
  async setup(real) {
    await real.resetTenant();
    const model = { dealerId: randomUUID(), coverageAreaId: randomUUID(), exists: true };
    await real.providerState('a coverage area {coverageAreaId} exists for dealer {dealerId}', { dealerId: model.dealerId, coverageAreaId: model.coverageAreaId });
    return model;
  },
  commands(contract) {
    const body = arbitraryFromSchema(componentSchema(contract, 'CoverageArea')) as fc.Arbitrary<Record<string, unknown>>;
    return [
      body.map((b): SequenceCommand<CoverageModel> => new UpdateArea(contract, b)),
      fc.constant(null).map((): SequenceCommand<CoverageModel> => new DeleteArea(contract)),
    ];
  },
};
