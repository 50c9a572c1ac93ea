/** The entry point of target/. */
export {
  connectTarget,
  type TargetSession,
  type TokenClaims,
  type TokenNeed,
  type Unavailable,
} from './target-session.ts';
export { isSimulator, resolveTarget, type ResolvedTarget, type TargetRunOptions } from './resolve-target.ts';
export { checkTarget, parseTargetUrl, TargetUsageError } from './target-check.ts';
export {
  CREDENTIAL_COMMAND_TIMEOUT_MS,
  credentialSecrets,
  resolveCredentials,
  resolveSecret,
  tenantOfToken,
  type CredentialFlags,
  type RunCredentials,
} from './credentials.ts';
export {
  BOUND_PARAMS,
  loadTargetProfile,
  parseTargetProfile,
  ProfileError,
  type BoundParam,
  type ProfileProblem,
  type SecretSource,
  type TargetFixtures,
  type TargetProfile,
} from './target-profile.ts';
export { TARGET_PROFILE_SCHEMA } from './target-profile-schema.ts';
export {
  createStateProvisioner,
  HARNESS_STATES,
  newFixtureLedger,
  type FixtureLedger,
  type StateOutcome,
  type StateParams,
  type StateProvisioner,
} from './state-provisioner.ts';
export { DEPLOYMENT_STATES, missingForState, SetUpRefused } from './deployment-states.ts';
export { renderProfileTemplate } from './profile-template.ts';
export {
  checkMainCredentials,
  COUNTER_PATH,
  describeProbe,
  sendProbe,
  tokenProbePaths,
  type CredentialProbe,
  type ProbeAnswer,
} from './credential-check.ts';
export { checkProfileOnline, type EntryCheck } from './profile-online-check.ts';
