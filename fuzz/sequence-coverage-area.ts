/**
 * Stateful sequence: a coverage area is updated and deleted in any order. An update or delete of an
 * existing area succeeds; once deleted, deleting again and updating are 404.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { Contract } from '../contract/index.ts';
import { arbitraryFromSchema } from './schema-arbitrary.ts';
import { componentSchema, successOf, type SequenceCommand, type SequenceDefinition } from './sequence-definition.ts';
import type { SequenceSession } from './sequence-session.ts';

interface CoverageModel {
  dealerId: string;
  coverageAreaId: string;
  exists: boolean;
}

class UpdateArea implements SequenceCommand<CoverageModel> {
  constructor(
    readonly contract: Contract,
    readonly body: Record<string, unknown>,
  ) {}
  check = () => true;
  async run(model: CoverageModel, real: SequenceSession): Promise<void> {
    const ids = { dealerId: model.dealerId, coverageAreaId: model.coverageAreaId };
    const body: Record<string, unknown> = { ...this.body };
    for (const [key, value] of Object.entries(ids)) if (key in body) body[key] = value;
    await real.call('updateCoverageArea', {
      name: this.toString(),
      pathParams: ids,
      body,
      expected: [model.exists ? successOf(this.contract, 'updateCoverageArea') : 404],
    });
  }
  toString = () => `updateCoverageArea(${JSON.stringify(this.body)})`;
}

class DeleteArea implements SequenceCommand<CoverageModel> {
  constructor(readonly contract: Contract) {}
  check = () => true;
  async run(model: CoverageModel, real: SequenceSession): Promise<void> {
    const response = await real.call('deleteCoverageArea', {
      name: this.toString(),
      pathParams: { dealerId: model.dealerId, coverageAreaId: model.coverageAreaId },
      expected: [model.exists ? successOf(this.contract, 'deleteCoverageArea') : 404],
    });
    // A refused delete leaves the area there.
    if (response.status < 300 || response.status === 404) model.exists = false;
  }
  toString = () => 'deleteCoverageArea()';
}

export const coverageAreaSequence: SequenceDefinition<CoverageModel> = {
  name: 'coverage-area',
  rule: 'a coverage area can be updated until it is deleted; deleting again or updating after the delete is 404',
  operations: ['updateCoverageArea', 'deleteCoverageArea'],
  async setup(real) {
    await real.resetTenant();
    const state = 'a coverage area {coverageAreaId} exists for dealer {dealerId}';
    if (real.target.simulator || real.target.target.statesUrl) {
      const used = await real.providerState(state, {
        dealerId: randomUUID(),
        coverageAreaId: randomUUID(),
        deletable: 'yes',
      });
      return { dealerId: used.dealerId ?? '', coverageAreaId: used.coverageAreaId ?? '', exists: true };
    }
    // A deployment lends one deletable area per run: later runs of the sequence reuse it, and ask
    // the platform whether it is still there.
    let area = real.memo.get('area') as { dealerId: string; coverageAreaId: string } | undefined;
    if (!area) {
      const used = await real.providerState(state, { deletable: 'yes', name: 'gas-harness' });
      area = { dealerId: used.dealerId ?? '', coverageAreaId: used.coverageAreaId ?? '' };
      real.memo.set('area', area);
    }
    const ok = successOf(real.contract, 'updateCoverageArea');
    const probe = await real.call('updateCoverageArea', {
      name: 'updateCoverageArea(is the area still there?)',
      pathParams: area,
      body: { name: 'gas-harness' },
      expected: [ok, 404],
    });
    return { ...area, exists: probe.status === ok };
  },
  commands(contract) {
    const body = arbitraryFromSchema(componentSchema(contract, 'CoverageArea')) as fc.Arbitrary<
      Record<string, unknown>
    >;
    return [
      body.map((b): SequenceCommand<CoverageModel> => new UpdateArea(contract, b)),
      fc.constant(null).map((): SequenceCommand<CoverageModel> => new DeleteArea(contract)),
    ];
  },
};
