/**
 * n8n-workflow's error classification (`failure`, n8n-workflow 2.x) on the transport's errors.
 * n8n reads it to back off polls and retries: timed causes wait (`retryAfterMs`, else
 * `resetsAtEpochMs`), actionable causes need a person. An older n8n ignores the option.
 */
import type { Failure, NodeApiError } from 'n8n-workflow';

export type ErrorOptions = NonNullable<ConstructorParameters<typeof NodeApiError>[2]>;

/** The options with the failure's cause, when there is one. */
export function classified(options: ErrorOptions, failure: Failure | undefined): ErrorOptions {
	return failure ? { ...options, failure } : options;
}
