/**
 * The development credentials a simulator uses unless told otherwise: a value for each of the spec's
 * two security schemes (the bearer token's signing secret, the order counter's API key). They are
 * public on purpose: they only open a local simulator, and the checkers use them to reach one without
 * configuration. They live with the contract because both sides of it need them.
 */
export const DEV_API_KEY = 'gas-sim-dev-api-key';
export const DEV_JWT_SECRET = 'gas-sim-dev-secret-change-me-0123456789';
