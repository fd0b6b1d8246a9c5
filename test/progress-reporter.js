// Jest's per-file progress; the summary comes from summary-reporter.js.
module.exports = require('@jest/reporters').DefaultReporter;
