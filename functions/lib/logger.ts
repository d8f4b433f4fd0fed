/**
 * Structured JSON logs, one line per event, carrying the request id so support can follow a call
 * from the envelope's `info.request_id` to CloudWatch. LOG_LEVEL=silent mutes it (tests).
 */
type Level = 'debug' | 'info' | 'warn' | 'error';
const order: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

const threshold = (): number => order[(process.env.LOG_LEVEL as Level | 'silent' | undefined) ?? 'info'] ?? order.info;

export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  child(fields: LogFields): Logger;
}

const serializeError = (value: unknown): unknown =>
  value instanceof Error ? { name: value.name, message: value.message, stack: value.stack } : value;

export const createLogger = (base: LogFields = {}): Logger => {
  const write = (level: Level, message: string, fields: LogFields = {}) => {
    if (order[level] < threshold()) return;
    const entry: LogFields = { level, time: new Date().toISOString(), message, ...base };
    for (const [key, value] of Object.entries(fields)) entry[key] = serializeError(value);
    (level === 'error' ? process.stderr : process.stdout).write(`${JSON.stringify(entry)}\n`);
  };
  return {
    debug: (message, fields) => write('debug', message, fields),
    info: (message, fields) => write('info', message, fields),
    warn: (message, fields) => write('warn', message, fields),
    error: (message, fields) => write('error', message, fields),
    child: (fields) => createLogger({ ...base, ...fields }),
  };
};

export const logger = createLogger({ service: process.env.AWS_LAMBDA_FUNCTION_NAME ?? 'local' });
