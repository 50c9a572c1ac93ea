/** Reaching a target over HTTP: the shared client, the target profile, the credentials of a run. */
export { AdminApiError, createAdminClient, type AdminClient, type AdminClientOptions } from './admin-client.ts';
export {
  AnswerTooLargeError,
  DEFAULT_MAX_ANSWER_BYTES,
  DEFAULT_TIMEOUT_MS,
  RequestTimeoutError,
  send,
  type HttpRequest,
  type HttpResponse,
} from './http-client.ts';
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
  checkMainCredentials,
  describeProbe,
  sendProbe,
  tokenProbePaths,
  COUNTER_PATH,
  type CredentialProbe,
  type ProbeAnswer,
} from './credential-check.ts';
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
export { DEV_API_KEY, DEV_JWT_SECRET } from '../spec/index.ts';
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
export { runPool } from './concurrency-pool.ts';
export { checkProfileOnline, type EntryCheck } from './profile-online-check.ts';
