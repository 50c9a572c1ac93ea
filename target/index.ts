/** Reaching a target over HTTP: the shared client and the credentials of a run. */
export { send, type HttpRequest, type HttpResponse } from './http-client.ts';
export { connectTarget, isSimulator, adminHeaders, type TargetOptions, type TargetSession, type TokenClaims } from './target-session.ts';
export { DEV_API_KEY, DEV_JWT_SECRET } from '../spec/index.ts';
