/**
 * The one catalogue of the simulator's error codes: status, default target and message. Every
 * handler draws from it; docs/errors.md lists it (generated, kept in step by a test).
 */
export const ERROR_CATALOGUE = {
  MalformedJson: { status: 400, target: 'body', message: 'The request body is not valid JSON.' },
  InvalidEncoding: { status: 400, target: 'body', message: 'The request body is not valid UTF-8.' },
  BodyTooDeep: { status: 400, target: 'body', message: 'The request body is nested more than 64 levels deep.' },
  ForbiddenKey: {
    status: 400,
    target: 'body',
    message: 'The request body carries a forbidden key (__proto__ or constructor.prototype).',
  },
  BodyRequired: { status: 400, target: 'body', message: 'The request body is required.' },
  InvalidRequest: {
    status: 400,
    target: 'body',
    message: 'The request is missing a parameter or has an incorrect one.',
  },
  InvalidTenantName: {
    status: 400,
    target: 'header.X-Sim-Tenant',
    message: 'The tenant name must be 1 to 100 letters, digits or ._:- characters, and not a token.',
  },
  IdMismatch: { status: 400, target: 'body', message: 'An identifier in the body contradicts the path.' },
  InvalidUrl: { status: 400, target: 'path', message: 'The request path is not a valid URL.' },
  PreferStatusNotDocumented: {
    status: 400,
    target: 'header.Prefer',
    message: 'The Prefer header asks for a status this operation does not document.',
  },
  RuleViolated: { status: 422, target: 'body', message: 'The data violates a validation rule.' },
  Unauthenticated: {
    status: 401,
    target: 'header.Authorization',
    message: 'The token is missing, invalid or expired.',
  },
  Forbidden: { status: 403, target: 'header.Authorization', message: 'The token lacks permission for this resource.' },
  RouteNotFound: { status: 404, target: 'path', message: 'No operation answers this path.' },
  ProviderNotFound: {
    status: 404,
    target: 'path.merchantProviderId',
    message: 'No provider with the given identifier exists for this merchant.',
  },
  CoverageAreaNotFound: {
    status: 404,
    target: 'path.coverageAreaId',
    message: 'No coverage area with the given identifier exists for this dealer.',
  },
  DealerNotFound: { status: 404, target: 'path.dealerId', message: 'No dealer with the given identifier exists.' },
  UserNotFound: { status: 404, target: 'path.userId', message: 'No user with the given identifier exists.' },
  CategoryNotFound: {
    status: 404,
    target: 'path.categoryId',
    message: 'No category with the given identifier exists.',
  },
  ProductNotFound: { status: 404, target: 'path.productId', message: 'No product with the given identifier exists.' },
  MethodNotAllowed: { status: 405, target: 'method', message: 'This path does not answer this method.' },
  ProviderNameTaken: {
    status: 409,
    target: 'body.name',
    message: 'Another provider of this merchant already has this name.',
  },
  BrandNameTaken: { status: 409, target: 'body.name', message: 'A brand with this name already exists.' },
  EmailTaken: { status: 409, target: 'body.email', message: 'Another user already has this e-mail address.' },
  RequestTimeout: {
    status: 408,
    target: 'body',
    message: 'The request did not arrive in time; the connection is closed.',
  },
  HeadersTooLarge: {
    status: 431,
    target: 'header',
    message: 'The request headers are larger than the server accepts.',
  },
  PathTooLong: { status: 414, target: 'path', message: 'A path parameter is longer than 500 characters.' },
  StorageQuotaExceeded: {
    status: 507,
    target: 'body',
    message: 'The tenant holds as many bytes of records as its quota allows.',
  },
  PayloadTooLarge: { status: 413, target: 'body', message: 'The request body is larger than 1 MiB.' },
  UnsupportedMediaType: {
    status: 415,
    target: 'header.Content-Type',
    message: 'The media type of the body is not one this operation accepts.',
  },
  AdminKeyRequired: {
    status: 401,
    target: 'header.X-Sim-Admin-Key',
    message: 'The admin API needs the X-Sim-Admin-Key the simulator was started with.',
  },
  AdminOriginRefused: {
    status: 403,
    target: 'header.Origin',
    message: 'The admin API changes state only for its own pages and the origins listed with --cors.',
  },
  AdminJsonRequired: {
    status: 415,
    target: 'header.Content-Type',
    message: 'A state-changing admin request carries a JSON body (application/json) or no body.',
  },
  HostNotAllowed: {
    status: 421,
    target: 'header.Host',
    message: 'This simulator answers only the host names it serves (loopback, and those of --allowed-hosts).',
  },
  InvalidAdminRequest: { status: 400, target: 'body', message: 'The admin request is not valid.' },
  UnknownProviderState: {
    status: 400,
    target: 'body.state',
    message: 'The provider state is not one the simulator knows.',
  },
  InvalidSnapshot: { status: 400, target: 'body', message: 'The snapshot is not valid; the state is unchanged.' },
  StoreUnavailable: {
    status: 503,
    target: 'simulator',
    message: 'The simulator cannot reach its store (Redis); try again when it is back.',
  },
  StoreRefused: {
    status: 503,
    target: 'simulator',
    message:
      "The simulator's store (Redis) is up but refuses its commands (out of memory, read-only, loading); try again when its operator has fixed it.",
  },
  StoreScriptFailed: {
    status: 500,
    target: 'simulator',
    message:
      "A script of the simulator's store (Redis) failed: a gas-harness bug, or keys under its prefix that something else wrote; the log has the store's error, please report it.",
  },
  SimulatedStatus: {
    status: 0,
    target: 'header.Prefer',
    message: 'This status was asked for by the Prefer header (a fault rule names itself: faults.rules[N]).',
  },
  SimulatorBug: {
    status: 500,
    target: 'simulator',
    message: 'The simulator failed unexpectedly; this is a gas-harness bug, please report it.',
  },
} as const satisfies Record<string, { status: number; target: string; message: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/** An error a handler raises; the server renders it in the operation's error shape. */
export class SimulatorError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly target: string;
  /** Further errors of the same response (every validation issue of a body). */
  readonly details: { code: ErrorCode; target: string; message: string }[];

  constructor(
    code: ErrorCode,
    options: {
      target?: string;
      message?: string;
      status?: number;
      details?: { target: string; message: string }[];
    } = {},
  ) {
    const entry = ERROR_CATALOGUE[code];
    super(options.message ?? entry.message);
    this.code = code;
    this.status = options.status ?? entry.status;
    this.target = options.target ?? entry.target;
    this.details = (options.details ?? [{ target: this.target, message: this.message }]).map((d) => ({ code, ...d }));
  }
}

/** Renders the catalogue as the Markdown table of docs/errors.md. */
export function renderErrorCatalogue(): string {
  const rows = Object.entries(ERROR_CATALOGUE).map(
    ([code, e]) => `| \`${code}\` | ${e.status || 'as asked'} | \`${e.target}\` | ${e.message} |`,
  );
  return [
    '# Simulator error codes',
    '',
    'Generated from `simulator/error-catalogue.ts`; a test keeps this file in step with it.',
    'Each error is rendered in the shape its operation uses (error list, failure object or problem details).',
    '',
    '| code | status | default target | message |',
    '|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}
