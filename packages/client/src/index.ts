export { Canopy, createCanopy, type CanopyOptions, type ListItem, type ListOptions, type ListPath, type PathsWith, type ResponseOf } from './client.js';
export { ERROR_CODES, type ErrorCode } from './error-codes.js';
export { CanopyApiError, CanopyConnectionError, type CanopyErrorBody } from './errors.js';
export type { CanopyEvent, CanopyObject, EventOf, EventType, EventTypeInfo, WebhookEvent, WebhookEventOf } from './events.js';
export { DEFAULT_RETRY, newIdempotencyKey, type RetryOptions } from './retry.js';
export type { components, operations, paths } from './schema.js';
export { verifyWebhook, type VerifyOptions, type WebhookHeaders, WebhookVerificationError, type WebhookVerificationReason } from './webhooks.js';
