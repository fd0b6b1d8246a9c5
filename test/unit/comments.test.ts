/**
 * Real ticket comments are HTML with entities (real-platform.md §2.3): Simplify shows their
 * text. Property runs are seeded: see ./property.ts to replay a failure.
 */
import fc from 'fast-check';

import { htmlToText, readableComment } from '../../nodes/CustomerCare/shared/comments';
import { propertyRuns } from './property';

/** Text as an HTML editor writes it: the five markup characters as entities, lines as <br> in a <p>. */
const asHtml = (text: string) =>
	`<p>${text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;').replace(/\n/g, '<br>')}</p>`;

describe('htmlToText', () => {
	test('decodes the named and numeric entities and turns <br> and </p> into new lines', () => {
		expect(htmlToText('<p>Tom &amp; Jerry &lt;3&gt;</p>')).toBe('Tom & Jerry <3>');
		expect(htmlToText('<p>&quot;hi&quot; it&#39;s&nbsp;ok</p><p>line two<br/>three</p>')).toBe('"hi" it\'s\u00a0ok\nline two\nthree');
		expect(htmlToText('caf&#233; &#x1F600; <b>bold</b> <a href="x">link</a>')).toBe('café 😀 bold link');
		expect(htmlToText('&amp;lt; stays one level')).toBe('&lt; stays one level');
		expect(htmlToText('plain text, no markup')).toBe('plain text, no markup');
		expect(htmlToText('')).toBe('');
	});

	test('text written as HTML comes back as written', () => {
		const line = fc.string({ unit: fc.constantFrom('a', 'b', ' ', '&', '<', '>', '"', "'", 'é', '1', ';', '#') });
		fc.assert(
			fc.property(fc.array(line, { minLength: 1, maxLength: 4 }), (lines) => {
				const text = lines.join('\n');
				expect(htmlToText(asHtml(text))).toBe(text);
			}),
			propertyRuns(300),
		);
	});

	test('the output has none of the tags or entities of the input', () => {
		const part = fc.oneof(
			fc.constantFrom('<p>', '</p>', '<br>', '<br/>', '<b>', '</b>', '<div class="x">', '</div>', '<span style="color:red">', '</span>'),
			fc.constantFrom('&amp;', '&lt;', '&gt;', '&quot;', '&#39;', '&nbsp;', '&#233;', '&#x1F600;'),
			// No ASCII letters: decoded text such as `&lt;` `b` `&gt;` would be a tag the writer typed, not one of the input.
			fc.string({ unit: fc.constantFrom(' ', '1', '.', 'ă', 'Đ') }),
		);
		fc.assert(
			fc.property(fc.array(part, { maxLength: 12 }), (parts) => {
				const text = htmlToText(parts.join(''));
				expect(text).not.toMatch(/<\/?[a-z][^>]*>/i);
				expect(text).not.toMatch(/&(?:amp|lt|gt|quot|nbsp|#\d+|#x[0-9a-f]+);/i);
			}),
			propertyRuns(300),
		);
	});
});

describe('readableComment', () => {
	test('a real comment: its text, who wrote it, from which source, and when (the time as it came)', () => {
		const real = {
			id: 7,
			comment: '<p>Đã gọi lại &amp; xác nhận</p>',
			commentator_id: 1001,
			commentator_name: 'Nguyễn Văn An',
			comment_source: 'Chat',
			created_at: '2021-06-01 00:05:58',
			is_public: 1,
		};
		expect(readableComment(real)).toEqual({
			id: 7,
			body: 'Đã gọi lại & xác nhận',
			author_id: 1001,
			author_name: 'Nguyễn Văn An',
			source: 'Chat',
			is_public: 1,
			created_at: '2021-06-01 00:05:58',
		});
	});

	test("the spec's shape {body, author_id} keeps its text and author", () => {
		const spec = { id: 3, body: 'Called the customer.', is_public: 0, author_id: 1002, created_at: '2025-06-01 07:00:00' };
		expect(readableComment(spec)).toEqual({
			id: 3,
			body: 'Called the customer.',
			author_id: 1002,
			author_name: null,
			source: null,
			is_public: 0,
			created_at: '2025-06-01 07:00:00',
		});
	});

	test('absent keys, null and "" read without error', () => {
		expect(readableComment({ comment: '' })).toEqual({ id: null, body: '', author_id: null, author_name: null, source: null, is_public: null, created_at: null });
		// Neither text key: nothing to read, passed through as it came.
		expect(readableComment({ id: 1, created_at: '2021-06-01 00:05:58' })).toEqual({ id: 1, created_at: '2021-06-01 00:05:58' });
		expect(readableComment({ comment: null, commentator_id: '', comment_source: '' })).toMatchObject({ body: '', author_id: null, source: null });
	});
});
