import { Logger as PowertoolsLogger } from '@aws-lambda-powertools/logger';
import { config } from './config.ts';

/**
 * Structured JSON logs through Powertools for AWS Lambda's Logger, one line per event. The codebase
 * keeps its own small interface (`log.info(message, fields)`, `child(fields)`): a child carries its
 * fields and hands them to Powertools with each line, so nothing per request is kept on the shared
 * instance, and one tenant's keys cannot reach another call's lines (the local stack serves many
 * requests at once in one process). Level: POWERTOOLS_LOG_LEVEL or LOG_LEVEL (`silent` mutes it:
 * the tests), read again when it changes, as before. No secret in any line: see `redact`.
 */
export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  child(fields: LogFields): Logger;
}

export const REDACTED = '[redacted]';

/** Field names (split into words: camelCase, snake_case, kebab-case) whose value is a secret. */
const secretWords = new Set(['token', 'password', 'passwd', 'otp', 'secret', 'signature', 'authorization', 'cookie', 'credential', 'credentials', 'ticket']);
const isSecretKey = (key: string): boolean =>
  key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase().split(/[^a-z0-9]+/).some((word) => secretWords.has(word));
/** Values that are secrets whatever their field: a presigned URL's signature, a bearer header, a JWT. */
const secretValue = /X-Amz-(?:Signature|Credential|Security-Token)=|\bBearer\s+\S|\beyJ[\w-]{8,}\.[\w-]{8,}\.[\w-]+/i;

/** The belt under every line (a JSON.stringify replacer, so error messages and stacks are covered too). */
export function redact(key: string, value: unknown): unknown {
  if (key !== '' && isSecretKey(key) && value !== undefined && value !== null && typeof value !== 'boolean') return REDACTED;
  if (typeof value === 'string' && secretValue.test(value)) return REDACTED;
  return value;
}

const levels = new Set(['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR', 'CRITICAL', 'SILENT']);
/** Upper case, as Powertools wants it (it ignores a lower-case `silent` in the environment). */
const levelSetting = (): string => {
  const level = (process.env.POWERTOOLS_LOG_LEVEL || process.env.LOG_LEVEL || 'info').toUpperCase();
  return levels.has(level) ? level : 'INFO';
};

let root: PowertoolsLogger | undefined;
let rootLevel: string | undefined;
/** Built on first use, so the environment a handler runs with (not the one it was imported in) decides. */
const powertools = (): PowertoolsLogger => {
  const level = levelSetting();
  if (!root) {
    root = new PowertoolsLogger({ serviceName: config.serviceName, logLevel: level as 'INFO', jsonReplacerFn: redact });
  } else if (level !== rootLevel) {
    // Lambda's own log level (AWS_LAMBDA_LOG_LEVEL) still wins inside Powertools.
    root.setLogLevel(level as 'INFO');
  }
  rootLevel = level;
  return root;
};

export const createLogger = (base: LogFields = {}): Logger => {
  const write = (level: 'debug' | 'info' | 'warn' | 'error', message: string, fields?: LogFields) => {
    powertools()[level](message, fields ? { ...base, ...fields } : base);
  };
  return {
    debug: (message, fields) => write('debug', message, fields),
    info: (message, fields) => write('info', message, fields),
    warn: (message, fields) => write('warn', message, fields),
    error: (message, fields) => write('error', message, fields),
    child: (fields) => createLogger({ ...base, ...fields }),
  };
};

export const logger = createLogger();
