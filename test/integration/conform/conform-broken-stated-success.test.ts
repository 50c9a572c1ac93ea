import { BROKEN_STATED_SUCCESS, describeBrokenDeployments } from '../../support/broken-deployments.ts';

describeBrokenDeployments(
  'conform against deployments that break a success body or upsert rule the description states',
  BROKEN_STATED_SUCCESS,
);
