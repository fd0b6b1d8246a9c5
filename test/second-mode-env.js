// One second mode's settings for a test file (jest.config.js: each mode's projects set `globals.SECOND_MODE`).
// Jest gives every test file its own copy of process.env, so the modes of one run stay apart, and
// child processes started with `{ ...process.env }` inherit the file's mode.
const SETTINGS = {
	spec: { CC_FAKE_PLATFORM: 'spec' },
	strict: { CC_FAKE_STRICT: '1' },
	backoff: { CC_RETRY_SCALE: '1' },
};
const mode = globalThis.SECOND_MODE;
if (!SETTINGS[mode]) throw new Error(`second-mode-env.js: unknown mode "${mode}"`);
for (const settings of Object.values(SETTINGS)) for (const name of Object.keys(settings)) delete process.env[name];
Object.assign(process.env, SETTINGS[mode]);
