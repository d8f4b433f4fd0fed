/**
 * The CDK app: `npx cdk synth -c env=dev|test|bastion|customer` (default dev; cdk.json).
 * Offline and without credentials, set CDK_DISABLE_VERSION_CHECK=1 so the CLI makes no network call
 * (cdk.json cannot set it; notices and telemetry are off there).
 */
import { buildApp } from '#infra/aws/app.ts';

const { app, stacks } = buildApp();
if (!stacks.web.spaDeployed) {
  console.warn('note: no web/dist/index.html, synthesized without the SPA upload; run `npm run build:web` before deploying.');
}
app.synth();
