import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { config } from './config.ts';

/**
 * Per-invocation metrics in CloudWatch's embedded metric format (EMF), through Powertools' Metrics:
 * one JSON line per call that CloudWatch turns into metrics, no API call and no latency. One
 * dimension only (the API route, or a background function's job kind): each dimension value is a
 * billed custom metric, so the contract is a property of the line (queryable in Logs Insights,
 * docs/cost.md), never a dimension, which would multiply the metrics by the number of contracts.
 *
 * Published in AWS (where AWS_LAMBDA_FUNCTION_NAME is set) unless POWERTOOLS_METRICS_DISABLED=true;
 * elsewhere (the local stack, tests) only with POWERTOOLS_METRICS_DISABLED=false, so EMF lines do not
 * flood their output.
 */

/** `refusal`: a domain error the caller is answered (code < 0 besides -1); `error`: the unexpected (-1, or a background job that threw). */
export type Outcome = 'ok' | 'refusal' | 'error';

export interface Invocation {
  /** `route` for the API (the manifest path), `job` for a background function's kind of work. */
  dimension: 'route' | 'job';
  name: string;
  ms: number;
  outcome: Outcome;
  kykId?: string;
  requestId?: string;
}

let instance: Metrics | undefined;

const publishing = (): boolean => {
  const setting = process.env.POWERTOOLS_METRICS_DISABLED;
  if (setting !== undefined && setting !== '') return !['true', '1', 'yes', 'on'].includes(setting.toLowerCase());
  return Boolean(process.env.AWS_LAMBDA_FUNCTION_NAME);
};

const metrics = (): Metrics => {
  if (!instance) {
    instance = new Metrics({ namespace: config.metricsNamespace, serviceName: config.serviceName });
    // Powertools adds `service` as a dimension to every metric; the route or job kind already names the function.
    instance.clearDefaultDimensions();
    instance.captureColdStartMetric(config.serviceName);
  }
  return instance;
};

/**
 * Records one invocation and flushes it at once (the end of every invocation). Synchronous from
 * first to last line, so calls running concurrently in one process (the local stack) never mix
 * their dimensions or properties in Powertools' one buffer.
 */
export function recordInvocation(invocation: Invocation): void {
  if (!publishing()) return;
  const m = metrics();
  m.addDimension(invocation.dimension, invocation.name);
  if (invocation.kykId) m.addMetadata('kyk', invocation.kykId);
  if (invocation.requestId) m.addMetadata('request_id', invocation.requestId);
  m.addMetric('calls', MetricUnit.Count, 1);
  m.addMetric('errors', MetricUnit.Count, invocation.outcome === 'error' ? 1 : 0);
  m.addMetric('refusals', MetricUnit.Count, invocation.outcome === 'refusal' ? 1 : 0);
  m.addMetric('duration', MetricUnit.Milliseconds, invocation.ms);
  m.publishStoredMetrics();
}
