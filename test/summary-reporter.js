// Jest's own summary, then the plain closing line CI reads ("N passed, N failed") on the same
// stream, so that line is the last one printed.
const { SummaryReporter } = require('@jest/reporters');

class SummaryWithClosingLine extends SummaryReporter {
	onRunComplete(testContexts, results) {
		super.onRunComplete(testContexts, results);
		const skipped = results.numPendingTests + results.numTodoTests;
		process.stderr.write(
			`\n${results.numPassedTests} passed, ${results.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}\n`,
		);
	}
}
module.exports = SummaryWithClosingLine;
