/**
 * `npm start`: the whole app on one machine. Builds the SPA when stale, starts DynamoDB Local, the
 * S3 front before s3rver (or moto: LOCAL_S3=moto), aws-ses-v2-local and the SMTP stand-in of SES
 * receiving on loopback, serves the SPA and /api on PORT and prints how to sign in and send mail in.
 * Settings: PORT (3000), DATA_DIR (.local/), DEMO_ADMIN_PASSWORD, SESSION_IDLE_MINUTES,
 * WEB_DIR (serve another built SPA, no build), SMTP_PORT (kept per data directory), MAIL_INTAKE_DOMAIN.
 */
import { isAbsolute, relative } from 'node:path';
import { JavaMissingError } from '#infra/local/dynamodb-local.ts';
import { PortInUseError } from '#infra/local/ports.ts';
import { resolveDataDir } from '#infra/local/settings.ts';
import { defaultWebDir, repoRoot, startLocalStack, type LocalStack } from '#infra/local/stack.ts';
import { buildWebIfStale } from '#infra/local/web-build.ts';

const fail = (message: string): never => {
  console.error(message);
  process.exit(1);
};

const portSetting = process.env.PORT ?? '3000';
const port = /^\d{1,5}$/.test(portSetting) && Number(portSetting) <= 65535 ? Number(portSetting) : fail(`PORT must be a port number (0-65535), not "${portSetting}"`);
const dataDir = resolveDataDir();
const webDir = process.env.WEB_DIR || defaultWebDir;

if (!process.env.WEB_DIR) {
  try {
    buildWebIfStale(repoRoot, (line) => console.log(line));
  } catch (error) {
    fail((error as Error).message);
  }
}

// Registered before anything starts: a signal during startup exits, and the exit hook kills Java.
const current: { stack?: LocalStack; stopping?: boolean } = {};
const shutdown = (signal: NodeJS.Signals) => {
  if (!current.stack || current.stopping) process.exit(130); // a second Ctrl-C leaves at once
  current.stopping = true;
  console.log(`\n${signal}: stopping the local stack...`);
  current.stack.stop().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(`Stopping failed: ${String(error)}`);
      process.exit(1);
    },
  );
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, shutdown);

const shown = relative(process.cwd(), dataDir);
console.log(`Starting the local stack (data in ${shown.startsWith('..') || isAbsolute(shown) ? dataDir : `${shown || '.'}/`})...`);
const started = Date.now();
const stack = await startLocalStack({ port, dataDir, webDir, smtp: true }).catch((error: unknown) =>
  fail(error instanceof JavaMissingError || error instanceof PortInUseError
    ? error.message
    : `Could not start the local stack: ${error instanceof Error ? error.message : String(error)}`),
);

current.stack = stack;
console.log(
  [
    '',
    `Com Drive is running at ${stack.url}  (started in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
    ...(stack.demo ? [`  Sign in:        contract ${stack.demo.kykId}, user ${stack.demo.userId}, password ${stack.demo.password}`] : []),
    `  Mail viewer:    ${stack.endpoints.mailViewer}`,
    ...(stack.mailIn ? [`  Mail in (SMTP): ${stack.mailIn.host}:${stack.mailIn.port}, addresses @${stack.mailIn.domain}`] : []),
    `  Data:           ${stack.dataDir}${stack.s3 === 'moto' ? ' (S3 on moto, with Object Lock: its files are gone when the stack stops)' : ''}`,
    '  Ctrl-C stops everything.',
    '',
  ].join('\n'),
);

