/**
 * Comments as text and error details in any shape, pure logic (seeded fast-check: ../helpers/property.ts).
 * Oracles from the docs: comments shown "without tags or entities" (docs/api.md#tickets);
 * error details "read from extraDataJson or extra_data" (docs/api.md#answers-and-errors).
 */
import fc from 'fast-check';
import type { INode } from 'n8n-workflow';

import { htmlToText } from '../../../nodes/CustomerCare/output/htmlText';
import { apiError } from '../../../nodes/CustomerCare/transport/answers/refusalErrors';
import { propertyRuns } from '../helpers/property';

const node = { id: '1', name: 'Customer Care', type: 't', typeVersion: 1, position: [0, 0], parameters: {} } as INode;
/** What a reader must never see in a comment's text: a tag or an entity left as written. */
const LEFTOVER = /<\/?[a-z!?][^>]*>|&(?:#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);/i;

describe('comments: no tag or entity left', () => {
	test('script/style contents and HTML comments are not shown as text: <script>/<style> contents, comments and CDATA are not text', () => {
		expect(htmlToText('<p>Hello<script>alert(1)</script></p>')).toBe('Hello');
		expect(htmlToText('<style>p{color:red}</style><p>Hi</p>')).toBe('Hi');
		expect(htmlToText('a<!-- internal note -->b')).toBe('ab');
	});

	test('Vietnamese and typographic named entities (as HTML editors write them) are decoded', () => {
		// CKEditor/TinyMCE write Latin letters and punctuation as named entities by default.
		expect(htmlToText('<p>Xin ch&agrave;o, c&aacute;m ơn &ndash; &ldquo;ok&rdquo;&hellip; it&rsquo;s &eacute;t&eacute;</p>')).toBe(
			'Xin chào, cám ơn – “ok”… it’s été',
		);
	});

	test('no markup is left: comments, CDATA, a ">" inside an attribute, <br / >', () => {
		for (const html of ['a<!-- x -->b', '<![CDATA[y]]>', '<a title="a>b">t</a>', 'x<br / >y']) {
			expect(htmlToText(html)).not.toMatch(/<!--|CDATA|">|<br/);
		}
		expect(htmlToText('x<br / >y')).toBe('x\ny');
	});

	test('a numeric entity of a control character or a lone surrogate is not put into the text', () => {
		const units = [...htmlToText('a&#0;b&#xD800;c')].map((char) => char.charCodeAt(0));
		expect(units.filter((unit) => unit === 0 || (unit >= 0xd800 && unit <= 0xdfff))).toEqual([]);
	});

	test('property: any named entity from the HTML5 Latin-1 set that an editor writes is decoded', () => {
		const latin1 = ['agrave', 'aacute', 'acirc', 'atilde', 'egrave', 'eacute', 'ecirc', 'igrave', 'iacute', 'ograve', 'oacute', 'ocirc', 'otilde', 'ugrave', 'uacute', 'yacute', 'copy', 'reg', 'deg', 'laquo', 'raquo', 'middot', 'times'];
		fc.assert(
			fc.property(fc.array(fc.constantFrom(...latin1), { minLength: 1, maxLength: 5 }), fc.string({ unit: fc.constantFrom('a', ' ', 'é') }), (names, text) => {
				const out = htmlToText(`<p>${text}${names.map((name) => `&${name};`).join('')}</p>`);
				return !LEFTOVER.test(out);
			}),
			propertyRuns(50),
		);
	});

	// Its time grows linearly with the text: measured by bench/html-text.ts, not here (a busy machine).
	test('very long text with many tags is read to its end', () => {
		const html = '<p>' + 'word &amp; <b>bold</b><br/>'.repeat(50_000) + '</p>';
		const out = htmlToText(html);
		expect(out).not.toMatch(LEFTOVER);
		expect(out.split('word & bold')).toHaveLength(50_001);
	});
});

describe('error details: extraDataJson or extra_data, never a crash', () => {
	const unsolved = (extra: unknown, key = 'extra_data') =>
		apiError(node, { method: 'PUT', path: '/api/v1/tickets/1', host: 'h', status: 400, body: { code: 'errors', message: 'unsolved_incidents_ticket', [key]: extra } } as never);

	test('the child ids as a list, from either key', () => {
		expect(unsolved({ unsolved_incidents_ticket_id: [7, 8] }).description).toContain('7, 8');
		expect(unsolved({ unsolved_incidents_ticket_id: [7, 8] }, 'extraDataJson').description).toContain('7, 8');
	});

	test('the child ids as a comma list or a single number (the platform writes lists so elsewhere) do not crash the error', () => {
		// real-platform.md §2.3: agent_id holds "a,b"; a multi-choice update is ",id1,id2,".
		expect(() => unsolved({ unsolved_incidents_ticket_id: '7,8' })).not.toThrow();
		expect(() => unsolved({ unsolved_incidents_ticket_id: 7 })).not.toThrow();
		expect(unsolved({ unsolved_incidents_ticket_id: 7 }).description).toContain('7');
	});

	test('duplicate_id under extra_data is named even when an empty extraDataJson is there too', () => {
		const error = apiError(node, {
			method: 'POST', path: '/api/v1/contacts', host: 'h', status: 400,
			body: { code: 'errors', message: 'phone_no already exist', extraDataJson: {}, extra_data: { duplicate_id: 42 } },
		} as never);
		expect(error.description).toContain('42');
	});
});
