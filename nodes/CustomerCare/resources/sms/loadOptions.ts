import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { fetchList } from '../../transport/list';

/**
 * The account's SMS services (service type SMS); every service when none is labelled SMS,
 * since the spec does not name the SMS service type.
 */
export async function getSmsServices(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const services = await fetchList.call(this, { method: 'GET', path: '/api/v1/services' }, { rootProperty: 'services' });
	const sms = services.filter((service) => /\bsms\b/i.test(String(service.service_type ?? '')));
	return (sms.length > 0 ? sms : services)
		.map((service) => ({
			name: `${service.service_name as string} (${service.service_type as string})`,
			value: service.service_id as number,
		}))
		.sort((a, b) => a.name.localeCompare(b.name));
}
