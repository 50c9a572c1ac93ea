import { BROKEN_AUTH, describeBrokenDeployments } from '../../support/broken-deployments.ts';

describeBrokenDeployments(
  'conform --profile against a deployment without the admin API that breaks a rule of authentication (a token echoed, no token needed, a bound token ignored)',
  BROKEN_AUTH,
);
