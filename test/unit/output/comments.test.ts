/**
 * Real ticket comments are HTML with entities (real-platform.md §2.3): Simplify shows their
 * text. Property runs are seeded: see ./property.ts to replay a failure.
 */
import fc from 'fast-check';

import { htmlToText } from '../../../nodes/CustomerCare/output/htmlText';
import { simplifyComment } from '../../../nodes/CustomerCare/output/comments';
import { propertyRuns } from '../helpers/property';

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

describe('htmlToText: entities, markup and controls as a browser reads them', () => {
	const latin1 = (
		'nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 acute micro para middot ' +
		'cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc Atilde Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml ' +
		'Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN szlig ' +
		'agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc euml igrave iacute icirc iuml eth ntilde ograve oacute ' +
		'ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml'
	).split(' ');

	test('every one of the 96 ISO-8859-1 entities is its character (U+00A0 to U+00FF), case-sensitive', () => {
		expect(latin1).toHaveLength(96);
		latin1.forEach((name, index) => expect(htmlToText(`&${name};`)).toBe(String.fromCodePoint(0xa0 + index)));
		expect(htmlToText('&Eacute;&eacute;&AMP;&LT;')).toBe('Éé&<');
	});

	test('typographic entities, Vietnamese letters that have a name; an unknown name stays as written', () => {
		expect(htmlToText('&ndash;&mdash;&lsquo;&rsquo;&sbquo;&ldquo;&rdquo;&bdquo;&hellip;&bull;&euro;&trade;&prime;&Prime;&lsaquo;&rsaquo;')).toBe('–—‘’‚“”„…•€™′″‹›');
		expect(htmlToText('&abreve;&Abreve;&dstrok;&Dstrok;&utilde;&itilde;')).toBe('ăĂđĐũĩ');
		expect(htmlToText('&notanentity; &Agrave &eacute')).toBe('&notanentity; &Agrave &eacute');
	});

	test('numeric entities: 0, surrogates and beyond U+10FFFF are U+FFFD; 128-159 are Windows-1252; controls are dropped', () => {
		expect(htmlToText('a&#0;b&#xD800;c&#xDFFF;d&#x110000;e&#99999999999999999999;f')).toBe('a\ufffdb\ufffdc\ufffdd\ufffde\ufffdf');
		expect(htmlToText('&#150;&#x93;ok&#x94;&#133;')).toBe('–“ok”…');
		expect(htmlToText('a&#1;&#x1B;&#127;&#x81;b&#9;&#10;&#13;c')).toBe('ab\t\n\rc');
	});

	test('script, style, comments and CDATA (a comment in HTML: its text goes too) are not text', () => {
		expect(htmlToText('<SCRIPT type="x">if (a > b) {}</Script >ok')).toBe('ok');
		expect(htmlToText('a<!-->b<!--->c<!-- <p>x</p> -->d')).toBe('abcd');
		expect(htmlToText('a<![CDATA[ x > y ]]>b<!DOCTYPE html><?xml version="1.0"?>c')).toBe('abc');
		expect(htmlToText('before<script>never closed')).toBe('before');
	});

	test("a tag ends at the first '>' outside a quoted value; <br> in any spelling and block ends are lines", () => {
		expect(htmlToText('<a title="a>b" data-x=\'c>d\'>x</a>')).toBe('x');
		expect(htmlToText('a<br>b<BR>c<br/>d<br / >e')).toBe('a\nb\nc\nd\ne');
		expect(htmlToText('<div>one</div><ul><li>two</li><li>three</li></ul><p>four</p>')).toBe('one\ntwo\nthree\nfour');
		// An unclosed quote ends at the first '>'; a '<' that opens no tag is text.
		expect(htmlToText('<a title="x>y')).toBe('y');
		expect(htmlToText('1 < 2 and a<b')).toBe('1 < 2 and a<b');
	});

	test('broken markup costs linear time: unclosed tags, quotes and comments by the hundred thousand', () => {
		for (const html of ['<a'.repeat(100_000), '<a b="'.repeat(50_000), '<a b=">"'.repeat(50_000), '<!--'.repeat(50_000), '</'.repeat(100_000), '<a'.repeat(100_000) + '>']) {
			const started = Date.now();
			htmlToText(html);
			expect(Date.now() - started).toBeLessThan(2000);
		}
	});
});

describe('simplifyComment', () => {
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
		expect(simplifyComment(real)).toEqual({
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
		expect(simplifyComment(spec)).toEqual({
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
		expect(simplifyComment({ comment: '' })).toEqual({ id: null, body: '', author_id: null, author_name: null, source: null, is_public: null, created_at: null });
		// Neither text key: nothing to read, passed through as it came.
		expect(simplifyComment({ id: 1, created_at: '2021-06-01 00:05:58' })).toEqual({ id: 1, created_at: '2021-06-01 00:05:58' });
		expect(simplifyComment({ comment: null, commentator_id: '', comment_source: '' })).toMatchObject({ body: '', author_id: null, source: null });
	});
});
