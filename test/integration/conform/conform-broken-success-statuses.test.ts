import { BROKEN_SUCCESS_STATUSES, describeBrokenDeployments } from '../../support/broken-deployments.ts';

describeBrokenDeployments(
  'conform against deployments that answer another 2xx where the description states the success status',
  BROKEN_SUCCESS_STATUSES,
);
