/**
 * Jest's node environment, with a test file's globals as quick to reach as they are in n8n.
 *
 * Jest runs each test file in a `vm` context. Node makes that context's global object a
 * "contextified" proxy, and every read of a global through it (`Math.floor`, `Number`, `Date`,
 * `JSON`) is an intercepted lookup that V8 cannot cache: measured on the 2-core machine, a million
 * calls of the fake platform's random-number generator (two `Math.imul`) took 468 ms in a test file
 * and 25 ms in plain Node. Everything a test loads pays it: n8n-core, our nodes, the fake platform.
 * `vm.constants.DONT_CONTEXTIFY` (Node 20.18 and later) gives the context an ordinary global
 * object, so the same reads are ordinary again; each test file still has a realm of its own.
 *
 * Jest's NodeEnvironment creates the context itself; its constructor is given that kind of
 * context here, and is otherwise Jest's own. On an older Node it is Jest's environment unchanged.
 */
const vm = require('node:vm');
const { TestEnvironment } = require('jest-environment-node');

const ordinaryGlobal = vm.constants?.DONT_CONTEXTIFY;

class FastGlobalsEnvironment extends TestEnvironment {
	constructor(config, context) {
		const { createContext } = vm;
		if (ordinaryGlobal) vm.createContext = () => createContext(ordinaryGlobal);
		try {
			super(config, context);
		} finally {
			vm.createContext = createContext;
		}
	}
}

module.exports = FastGlobalsEnvironment;
