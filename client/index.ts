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
export { runPool } from './concurrency-pool.ts';
export {
  deadlineMessage,
  DEFAULT_DEADLINE_MS,
  runDeadline,
  type DeadlineStop,
  type RunDeadline,
} from './run-deadline.ts';
