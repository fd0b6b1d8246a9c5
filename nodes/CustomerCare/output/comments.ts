import type { IDataObject } from 'n8n-workflow';

/**
 * Ticket comments as Simplify shows them. The real platform writes a comment as
 * `{id, comment (HTML with entities), commentator_id, commentator_name, comment_source,
 * created_at, is_public}`; the spec as `{id, body, author_id, is_public, created_at}`
 * (docs/api.md#tickets). Simplify gives both one shape.
 */
import { isEmpty } from '../basics/looseValues';
import { htmlToText } from './htmlText';

const orNull = (value: unknown) => (!isEmpty(value) ? (value as IDataObject[string]) : null);

/**
 * One comment in either shape as `{id, body, author_id, author_name, source, is_public,
 * created_at}`: the text without tags or entities, who wrote it, from which channel, and when
 * (the time as it came: output/simplifyRecord.ts converts it). What a shape lacks is null.
 */
export function simplifyComment(comment: IDataObject): IDataObject {
	// Neither shape's text key: not a comment this knows how to read, passed through.
	if (!('comment' in comment) && !('body' in comment)) return comment;
	const html = comment.comment;
	const body =
		typeof html === 'string' ? htmlToText(html) : !isEmpty(comment.body) ? String(comment.body) : '';
	return {
		id: orNull(comment.id),
		body,
		author_id: orNull(!isEmpty(comment.commentator_id) ? comment.commentator_id : comment.author_id),
		author_name: orNull(comment.commentator_name),
		source: orNull(comment.comment_source),
		is_public: orNull(comment.is_public),
		created_at: orNull(comment.created_at),
	};
}
