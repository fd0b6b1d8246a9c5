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

// n8n serves `<node folder>/__schema__/v<x.y.z>/<resource>/<operation>.json` to the editor as the
// output schema of a node that has not run (docs/output-schemas.md); `npm run schemas` writes them.
function buildOutputSchemas() {
	return src('output-schemas/**/*.json').pipe(dest('dist/nodes'));
}

exports['build:icons'] = parallel(buildIcons, buildCodex, buildOutputSchemas);
exports['build:codex'] = buildCodex;
