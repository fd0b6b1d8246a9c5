const { src, dest, parallel } = require('gulp');

// n8n resolves `file:` icons relative to the compiled node and credential files in dist/.
function buildIcons() {
	return src('icons/**/*.{png,svg}', { encoding: false }).pipe(dest('dist/icons'));
}

// n8n reads a node's codex (categories, documentation links) from `<Name>.node.json` next to
// the compiled `<Name>.node.js`.
function buildCodex() {
	return src('nodes/**/*.node.json').pipe(dest('dist/nodes'));
}

exports['build:icons'] = parallel(buildIcons, buildCodex);
exports['build:codex'] = buildCodex;
