import type { IDataObject } from 'n8n-workflow';

/**
 * n8n's expression sandbox refuses any property named `caller` ("Cannot access "caller" due
 * to security concerns"), so `{{ $json.caller }}` cannot read a call's calling number. Each
 * call also carries it as `caller_number`; `caller` stays as the API sent it.
 */
export function withCallerNumber(calls: IDataObject[]): IDataObject[] {
	// The records are this execution's own, freshly parsed: completed in place, not copied.
	for (const call of calls) if ('caller' in call) call.caller_number = call.caller;
	return calls;
}
