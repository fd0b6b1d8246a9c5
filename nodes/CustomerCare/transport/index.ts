/**
 * The transport's front door: everything the other layers (and the trigger) take from the
 * transport, and nothing else. The sub-folders import one another directly; no file outside
 * transport/ imports a sub-folder (test/package/architecture.test.ts).
 */

// The request path (request/): one request, the credential, a file download.
export {
	customerCareRequest,
	getAccount,
	quotaOf,
	type ApiRequest,
	type TransportContext,
} from './request/request';
export { accountOf, type Account } from './request/account';
export { exchange, type FinalAnswer } from './request/exchange';
export type { FullResponse, Send } from './request/send';
export { downloadFile, type IncomingFile } from './request/fileDownload';

// The account's rate (rate/): the hourly quota as the node shows it.
export { isLow, isLowNow, type QuotaSnapshot } from './rate/quota';

// Lists and windows (lists/).
export { fetchList } from './lists/list';
export {
	fetchPages,
	readAllPages,
	MAX_PAGE_SIZE,
	type PagedReadOptions,
	type PagesRead,
} from './lists/pages';
export { MAX_WINDOW_MS, maxWindowMs, windowQuery, windowsBackFrom } from './lists/dateWindows';
export { dedupe } from './lists/pages';

// Answers and errors (answers/).
export {
	listRecordsOf,
	listRootOf,
	missingRootError,
	writeWithoutRootError,
} from './answers/answerShape';
export { extraDataOf, isFailureCode, messageOf } from './answers/answerMessage';
export { UnconfirmedWriteError } from './answers/unansweredErrors';
export { classified } from './answers/failureCause';
export { redact } from './answers/tokenRedaction';
