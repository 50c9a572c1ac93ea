import { BROKEN_STATED, describeBrokenDeployments } from '../../support/broken-deployments.ts';

describeBrokenDeployments(
  'conform against deployments that break a rule the description states of the provider update or of error bodies',
  BROKEN_STATED,
);
