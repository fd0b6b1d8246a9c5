import type { IDataObject } from 'n8n-workflow';

/**
 * Ticket comments as Simplify shows them. The real platform writes a comment as
 * `{id, comment (HTML with entities), commentator_id, commentator_name, comment_source,
 * created_at, is_public}`; the spec as `{id, body, author_id, is_public, created_at}`
 * (docs/api.md#tickets). Both are shown as one readable shape.
 */

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
	amp: '&',
	lt: '<',
	gt: '>',
	quot: '"',
	apos: "'",
	nbsp: '\u00a0',
};

/** A numeric entity's character; an invalid code point is left as written. */
function fromCodePoint(code: number, written: string): string {
	return Number.isInteger(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : written;
}

/**
 * The text of comment HTML: `<br>` and the end of a paragraph or block become new lines, other
 * tags go, and entities are decoded once (so `&amp;lt;` reads `&lt;`, as the writer typed it).
 */
export function htmlToText(html: string): string {
	const text = html
		// The paragraph a comment is wrapped in ends it, not a line of it.
		.replace(/<\/(?:p|div)\s*>\s*$/i, '')
		.replace(/<br\s*\/?>/gi, '\n')
		.replace(/<\/(?:p|div|li|h[1-6])\s*>/gi, '\n')
		.replace(/<\/?[a-z][^>]*>/gi, '');
	// One pass over the entities, so a decoded `&` never starts another.
	return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
		if (name[0] === '#') {
			const hex = name[1] === 'x' || name[1] === 'X';
			return fromCodePoint(parseInt(name.slice(hex ? 2 : 1), hex ? 16 : 10), entity);
		}
		return NAMED_ENTITIES[name.toLowerCase()] ?? entity;
	});
}

const present = (value: unknown) => value !== undefined && value !== null && value !== '';
const orNull = (value: unknown) => (present(value) ? (value as IDataObject[string]) : null);

/**
 * One comment in either shape as `{id, body, author_id, author_name, source, is_public,
 * created_at}`: the text without tags or entities, who wrote it, from which channel, and when
 * (the time as it came: shared/present.ts converts it). What a shape lacks is null.
 */
export function readableComment(comment: IDataObject): IDataObject {
	// Neither shape's text key: not a comment this knows how to read, passed through.
	if (!('comment' in comment) && !('body' in comment)) return comment;
	const html = comment.comment;
	const body = typeof html === 'string' ? htmlToText(html) : present(comment.body) ? String(comment.body) : '';
	return {
		id: orNull(comment.id),
		body,
		author_id: orNull(present(comment.commentator_id) ? comment.commentator_id : comment.author_id),
		author_name: orNull(comment.commentator_name),
		source: orNull(comment.comment_source),
		is_public: orNull(comment.is_public),
		created_at: orNull(comment.created_at),
	};
}
