const { src, dest } = require('gulp');

// n8n resolves `file:` icons relative to the compiled node and credential files in dist/.
function buildIcons() {
	return src('icons/**/*.{png,svg}', { encoding: false }).pipe(dest('dist/icons'));
}

exports['build:icons'] = buildIcons;
