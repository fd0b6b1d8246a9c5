/** The fake platform the contact runner started, and what its operation cases share. */
import type { IDataObject } from 'n8n-workflow';
import { type CustomerRec, type FakePlatform, type RecordedRequest } from '../../../../tools/fake-platform';
import { accountOf } from '../../../../tools/engine-harness/harness';

export let platform: FakePlatform;

export const account = () => ({ ...accountOf(platform), timeZone: 'Asia/Ho_Chi_Minh' });
export const contact = (parameters: IDataObject) => ({ resource: 'contact', ...parameters });

/** Requests other than the definitions the node reads for custom fields. */
export function apiRequests(): RecordedRequest[] {
	return platform.requests().filter((request) => !request.path.endsWith('/custom_fields'));
}

/** A seeded contact whose phone is a Vietnamese mobile written as stored: `0` and nine digits. */
export function seededWithMobile(): CustomerRec & { phone_no: string } {
	return platform.store.customers.find((c) => /^0\d{9}$/.test(c.phone_no ?? '')) as CustomerRec & { phone_no: string };
}

/** A phone no contact has: a national mobile number made from a counter. */
let unused = 0;
export function newPhone(): string {
	for (;;) {
		const phone = `0389${String(100000 + unused++).padStart(6, '0')}`;
		if (!platform.store.customerByPhone(phone)) return phone;
	}
}

export const contactsWithPhone = (phone: string) =>
	platform.store.customers.filter((c) => [c.phone_no, c.phone_no2, c.phone_no3].includes(phone));

/** Given to useFakePlatform by the runner: the platform every case of this folder reads. */
export function platformStarted(started: FakePlatform): void {
	platform = started;
}
