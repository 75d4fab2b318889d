import type { CacheUsage } from '../../providers/index.js';
import type { CacheMissReason } from './cache-miss-reason.js';

/**
 * Usage a provider reported for one request: input split as billed, and output tokens; and, where
 * the response carried the provider's cache diagnosis, its reason (`null`: fully reusable).
 */
export type ObservedUsage = CacheUsage & { readonly output?: number; readonly cacheMissReason?: CacheMissReason | null };

/** A usage field's value when it is a finite number (a provider may send null or leave it out). */
export function usageNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}
