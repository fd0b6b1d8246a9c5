/**
 * The date-range filters of a list, checked as one step (description/filters.ts declares
 * them): each end in the platform's clock, a range that ends after it starts, and a required
 * range for the lists that only read by dates.
 */
import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { readApiTime, type PlatformClock } from '../basics/clock';
import { isEmpty } from '../basics/looseValues';
import { checkField, type Fail } from './fieldRule';

/** A date-range filter of a list: the query names of its two ends and the names the user sees. */
export interface DateRange {
	since: string;
	to: string;
	sinceLabel?: string;
	toLabel?: string;
}

/**
 * The date ranges of a list: each end converted to the API's ISO form, a range must end after
 * it starts, and with `required` one range must be given (lists that only read a date range,
 * such as tickets and calls).
 */
export function checkDateRanges(ranges: DateRange[], options: { required?: boolean } = {}) {
	return function (
		this: IExecuteSingleFunctions,
		requestOptions: IHttpRequestOptions,
		item: { fail: Fail; account: { clock: PlatformClock } },
	): void {
		const qs = (requestOptions.qs ?? {}) as IDataObject;
		const { fail } = item;
		const { clock } = item.account;
		// The user's own values, for messages: what is sent is in the platform's clock.
		const given = { ...qs };
		for (const { since, to, sinceLabel = 'From', toLabel = 'To' } of ranges) {
			if (qs[since] !== undefined)
				qs[since] = checkField(
					{ path: since, label: sinceLabel, date: 'query', rangeStart: true },
					qs[since],
					clock,
					fail,
				) as string;
			if (qs[to] !== undefined)
				qs[to] = checkField({ path: to, label: toLabel, date: 'query' }, qs[to], clock, fail) as string;
		}
		if (options.required && !ranges.some(({ since }) => !isEmpty(qs[since]))) {
			const label = ranges[0].sinceLabel ?? 'From';
			fail(
				`${label} (${ranges.map(({ since }) => since).join(' or ')}) is required: the API lists records of a date range`,
			);
		}
		for (const { since, to, sinceLabel = 'From', toLabel = 'To' } of ranges) {
			if (isEmpty(qs[since]) || isEmpty(qs[to])) continue;
			// Compared in whole seconds, as sent: a range within one second holds no stamp of the platform's.
			if (readApiTime(qs[to], clock)! <= readApiTime(qs[since], clock)!) {
				fail(
					`${toLabel} (${to}) ${String(given[to])} must be after ${sinceLabel} (${since}) ${String(given[since])}, by at least a whole second: the platform stamps records to the second`,
				);
			}
		}
	};
}
