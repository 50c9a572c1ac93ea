/**
 * The development credentials a simulator uses unless told otherwise. They are public on purpose:
 * they only open a local simulator, and the checkers use them to reach one without configuration.
 */
export const DEV_API_KEY = 'gas-sim-dev-api-key';
export const DEV_JWT_SECRET = 'gas-sim-dev-secret-change-me-0123456789';
