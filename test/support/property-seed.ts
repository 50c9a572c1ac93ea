import { seedFromEnvironment } from '../../fuzz/index.ts';

/** The seed of the property tests: FUZZ_SEED fixes it (CI does), otherwise a new one is printed for replay. */
export const PROPERTY_SEED = seedFromEnvironment() ?? Math.floor(Math.random() * 2 ** 31);
console.log(`property tests: seed ${PROPERTY_SEED} (replay with FUZZ_SEED=${PROPERTY_SEED})`);
