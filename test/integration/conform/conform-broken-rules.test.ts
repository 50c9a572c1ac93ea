import { BROKEN_RULES, describeBrokenDeployments } from '../../support/broken-deployments.ts';

describeBrokenDeployments(
  'conform --profile against a deployment without the admin API that breaks a rule of an operation (an unknown provider updated, another success status, 400 for 422)',
  BROKEN_RULES,
);
