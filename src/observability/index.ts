/**
 * What app.ts uses of metrics and logs: the logger's options, its one line per request,
 * and GET /metrics. The code that does the counted work (webhook deliveries, emails, rate
 * limits) imports platform/counters.ts itself, which depends on nothing else in src/.
 */
export { type LogStream, loggerOptions } from './logger.ts';
export { registerMetrics } from './metrics.ts';
export { RequestLog } from './request-log.ts';
