import { BROKEN_RESPONSES, describeBrokenDeployments } from '../../support/broken-deployments.ts';

describeBrokenDeployments(
  'conform --profile against a deployment without the admin API that breaks a response (a 5xx, an undocumented status, a wrong field type)',
  BROKEN_RESPONSES,
);
