/** Service type ids of api-spec 2.3. */
export const SERVICE_TYPES: Array<{ name: string; value: number }> = [
	{ name: 'Incoming Call', value: 1 },
	{ name: 'Live Chat', value: 2 },
	{ name: 'Email', value: 3 },
	{ name: 'Social Page', value: 4 },
	{ name: 'Missed Chat', value: 6 },
	{ name: 'Voicemail', value: 7 },
	{ name: 'Social Inbox', value: 8 },
	{ name: 'API', value: 9 },
	{ name: 'Messaging App', value: 10 },
	{ name: 'Voice Out', value: 11 },
	{ name: 'IVR', value: 12 },
	{ name: 'Ticket Form', value: 13 },
];
