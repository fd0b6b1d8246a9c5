import type { IDataObject } from 'n8n-workflow';

import { customerCareRequest, type ApiRequest, type TransportContext } from './request';

/** The API's largest page (api-spec section 8). */
export const MAX_PAGE_SIZE = 500;

export interface ListSpec {
	/** The property of the answer that holds the records, e.g. `tickets`. */
	rootProperty: string;
	/** The endpoint pages with `page`/`count` and reports `numFound`; otherwise it returns everything at once. */
	paged?: boolean;
	/** Records are de-duplicated on this property when pages overlap (records moving while we read). */
	idProperty?: string;
}

function recordsOf(answer: IDataObject, spec: ListSpec): IDataObject[] {
	const records = answer[spec.rootProperty];
	return Array.isArray(records) ? (records as IDataObject[]) : [];
}

function dedupe(records: IDataObject[], idProperty: string | undefined): IDataObject[] {
	if (!idProperty) return records;
	const seen = new Set<unknown>();
	return records.filter((record) => {
		const id = record[idProperty];
		if (id === undefined || id === null) return true;
		if (seen.has(id)) return false;
		seen.add(id);
		return true;
	});
}

/**
 * Reads a list. `limit` undefined means every record: the first page (500) tells how many
 * there are, and the remaining pages are then requested together; the shared throttle
 * keeps them within the account's rate. With a limit, pages are read one after another
 * until it is reached.
 */
export async function fetchList(
	this: TransportContext,
	request: ApiRequest,
	spec: ListSpec,
	limit?: number,
): Promise<IDataObject[]> {
	if (!spec.paged) {
		const records = recordsOf(await customerCareRequest.call(this, request), spec);
		return limit === undefined ? records : records.slice(0, limit);
	}

	const page = async (pageNumber: number, count: number) =>
		await customerCareRequest.call(this, {
			...request,
			qs: { ...request.qs, page: pageNumber, count },
		});

	if (limit !== undefined) {
		const records: IDataObject[] = [];
		for (let pageNumber = 1; records.length < limit; pageNumber++) {
			const count = Math.min(MAX_PAGE_SIZE, limit);
			const batch = recordsOf(await page(pageNumber, count), spec);
			records.push(...batch);
			if (batch.length < count) break;
		}
		return dedupe(records, spec.idProperty).slice(0, limit);
	}

	const first = await page(1, MAX_PAGE_SIZE);
	const firstRecords = recordsOf(first, spec);
	const total = Number(first.numFound ?? firstRecords.length);
	const pages = Math.ceil(total / MAX_PAGE_SIZE);
	if (firstRecords.length < MAX_PAGE_SIZE || pages <= 1) return dedupe(firstRecords, spec.idProperty);

	const rest = await Promise.all(
		Array.from({ length: pages - 1 }, async (_, index) => recordsOf(await page(index + 2, MAX_PAGE_SIZE), spec)),
	);
	const records = firstRecords.concat(...rest);
	// Records added while we read push the list past numFound: follow on until a short page.
	for (let pageNumber = pages + 1, last = rest[rest.length - 1]; last.length === MAX_PAGE_SIZE; pageNumber++) {
		last = recordsOf(await page(pageNumber, MAX_PAGE_SIZE), spec);
		records.push(...last);
	}
	return dedupe(records, spec.idProperty);
}
