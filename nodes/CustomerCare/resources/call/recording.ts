/**
 * A call's recording as n8n binary data, for Call → Get Many and the trigger's Call Ended: its
 * options, and for one call either the file or why there is none, in `recording` (README
 * "Call recordings"). The download itself is the transport's (transport/request/fileDownload.ts).
 */
import type {
	IBinaryData,
	IBinaryKeyData,
	IDataObject,
	IExecuteSingleFunctions,
	INodeProperties,
	IPollFunctions,
} from 'n8n-workflow';

import { type Account, downloadFile, type IncomingFile } from '../../transport';
import { readApiTime } from '../../basics/clock';
import { toOffsetIso } from '../../basics/dates';
import { isEmpty } from '../../basics/looseValues';

/** api-spec §calls: "A recording file exists only at least 5 minutes after the call ends." */
export const RECORDING_DELAY_MS = 5 * 60_000;

export const DEFAULT_RECORDING_FIELD = 'data';

/**
 * The largest recording kept by default, in MB: about 50 minutes of MP3 at 128 kbit/s, hours
 * at the bit rates of telephone recordings. A file is held whole in memory in n8n's default
 * binary mode: the bound keeps one answer from filling the process.
 */
export const DEFAULT_MAX_RECORDING_MB = 50;

/** The two options, in an Options collection: Download Recording, and the binary field it fills. */
export const recordingOptions: INodeProperties[] = [
	{
		displayName: 'Download Recording',
		name: 'downloadRecording',
		type: 'boolean',
		default: false,
		description:
			"Whether to add each call's recording file as binary data. A missed call has none; a call that ended less than 5 minutes ago has none yet (see the call's recording field).",
	},
	{
		displayName: 'Max Recording Size (MB)',
		name: 'maxRecordingSizeMb',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: DEFAULT_MAX_RECORDING_MB,
		description:
			"The largest recording file kept, when Download Recording is on. A larger file is not kept: its reading stops there and the call's recording field says why. The default, 50 MB, holds about 50 minutes of MP3 at 128 kbit/s; a file is held whole in memory in n8n's default binary mode.",
	},
	{
		displayName: 'Put Recording in Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: DEFAULT_RECORDING_FIELD,
		description:
			'The name of the output binary field to put the recording file in, when Download Recording is on',
	},
];

type RecordingContext = IExecuteSingleFunctions | IPollFunctions;

/** The binary field to fill, or undefined when Download Recording is off. */
export function recordingFieldOf(ctx: RecordingContext): string | undefined {
	if (ctx.getNodeParameter('options.downloadRecording', false) !== true) return undefined;
	const name = ctx.getNodeParameter('options.binaryPropertyName', DEFAULT_RECORDING_FIELD);
	return typeof name === 'string' && name.trim() ? name.trim() : DEFAULT_RECORDING_FIELD;
}

/** The largest recording kept, in bytes (Max Recording Size, MB). */
function maxRecordingBytesOf(ctx: RecordingContext): number {
	const mb = Number(ctx.getNodeParameter('options.maxRecordingSizeMb', DEFAULT_MAX_RECORDING_MB));
	return Math.floor((Number.isFinite(mb) && mb > 0 ? mb : DEFAULT_MAX_RECORDING_MB) * 1024 * 1024);
}

/** The recording's address: the download link, else the streaming one (real missed calls have neither key). */
function recordingUrlOf(call: IDataObject): string | undefined {
	for (const key of ['path_download', 'path']) {
		const value = call[key];
		if (typeof value === 'string' && !isEmpty(value.trim())) return value.trim();
	}
	return undefined;
}

/** The call as output, with what became of its recording, and the file if there is one. */
export interface CallWithRecording {
	json: IDataObject;
	binary?: IBinaryKeyData;
}

const MISSED = 'miss';

/**
 * The call with its recording in `field`, or `recording.available: false` and the reason:
 * a missed call or one without a link has none; a call that ended less than 5 minutes ago (by
 * the platform's clock) has none yet and is not asked for; a 404 of the recording host is the
 * same "not yet"; a file the download did not keep (its host local beside a public platform,
 * its type, past Max Recording Size) says why. Any other failure, a file not in full within the
 * Timeout included, throws (transport/request/fileDownload.ts), the token never in it.
 */
export async function withRecording(
	ctx: RecordingContext,
	call: IDataObject,
	{ account, field, itemIndex }: { account: Account; field: string; itemIndex?: number },
): Promise<CallWithRecording> {
	const none = (reason: string, more: IDataObject = {}) => ({
		json: { ...call, recording: { available: false, reason, ...more } },
	});
	if (call.call_status === MISSED) return none('A missed call has no recording');
	const url = recordingUrlOf(call);
	const endedAt = readApiTime(call.end_time, account.clock);
	const readyAt = endedAt === undefined ? undefined : endedAt + RECORDING_DELAY_MS;
	const when = (ms: number) => toOffsetIso(ms, account.clock.zone);
	const notYet = (prefix: string) =>
		none(
			`${prefix}The platform makes the recording 5 minutes after the call ends; this call ended at ${when(endedAt ?? 0)}`,
			{ availableFrom: when(readyAt ?? 0) },
		);
	if (readyAt !== undefined && Date.now() < readyAt) return notYet('Not yet recorded. ');
	if (!url) return none('The call has no recording link (path_download or path)');

	// Streamed into n8n's binary data store: the file is never held here as a whole.
	const keep = async (file: IncomingFile): Promise<IBinaryData> =>
		await ctx.helpers.prepareBinaryData(file.body, file.fileName, file.mimeType);
	const rules = {
		maxBytes: maxRecordingBytesOf(ctx),
		// `path` is a streaming link: a player or a login page answered there is no recording.
		refuseType: (mimeType: string | undefined) =>
			isAudioLike(mimeType)
				? undefined
				: `The recording link answered ${mimeType ?? 'an unknown type'}, not an audio file: it was not kept`,
	};
	const answer = await downloadFile(ctx, url, { account, itemIndex, rules }, keep).catch((error: Error) => {
		// n8n keeps only an error item's message: it names the call.
		error.message = `The recording of call ${String(call.call_id ?? call.id)} could not be downloaded: ${error.message}`;
		throw error;
	});
	if (answer.kind === 'notFound') {
		return readyAt === undefined
			? none(`The recording host (${answer.origin}) has no such file (HTTP 404)`)
			: notYet(`The recording host (${answer.origin}) has no file yet (HTTP 404). `);
	}
	if (answer.kind === 'refused') return none(answer.reason);
	const kept = answer.kept;
	if (kept.fileSize === '0 B' || kept.fileSize === '0 bytes')
		return none(`The recording link answered ${kept.mimeType || 'an unknown type'} (${kept.fileSize}), not an audio file: it was not kept`);
	return {
		json: { ...call, recording: { available: true, binaryProperty: field } },
		binary: { [field]: kept },
	};
}

/** A recording's type: audio, or a type that says nothing (octet-stream, none). */
function isAudioLike(mimeType: string | undefined): boolean {
	const type = (mimeType ?? '').toLowerCase();
	return type === '' || type.startsWith('audio/') || type === 'application/octet-stream' || type === 'video/mp4';
}
