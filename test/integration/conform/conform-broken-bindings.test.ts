import { BROKEN_BINDINGS, describeBrokenDeployments } from '../../support/broken-deployments.ts';

describeBrokenDeployments('conform against deployments that let a token bound elsewhere through', BROKEN_BINDINGS);
