/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/**
 * What every benchmark script shares: the machine it ran on, tables printed to the console,
 * and the same figures written as JSON to bench/results/<name>.json (git-ignored).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';

export const BENCH_DIR = join(__dirname, '..');
export const REPO_ROOT = join(BENCH_DIR, '..');
export const RESULTS_DIR = join(BENCH_DIR, 'results');

export interface Machine {
	cpu: string;
	cores: number;
	memoryGiB: number;
	node: string;
	platform: string;
	/** 1, 5 and 15 minutes: other work on the machine shows in timings. */
	loadAverage: number[];
}

export function machine(): Machine {
	const list = cpus();
	return {
		cpu: list[0]?.model.trim() ?? 'unknown',
		cores: list.length,
		memoryGiB: Math.round(totalmem() / 2 ** 30),
		node: process.version,
		platform: `${process.platform}-${process.arch}`,
		loadAverage: loadavg().map((value) => round(value, 2)),
	};
}

export type Cell = string | number | undefined | null;

/** A plain-text table: numbers right-aligned, text left-aligned. */
export function table(title: string, headers: string[], rows: Cell[][]): string {
	const text = rows.map((row) => row.map((cell) => (cell === undefined || cell === null ? '–' : String(cell))));
	const widths = headers.map((header, column) =>
		Math.max(header.length, ...text.map((row) => (row[column] ?? '').length)),
	);
	const numeric = headers.map((_, column) => rows.every((row) => typeof row[column] !== 'string'));
	const line = (cells: string[]) =>
		cells
			.map((cell, column) => (numeric[column] ? cell.padStart(widths[column]) : cell.padEnd(widths[column])))
			.join('  ')
			.trimEnd();
	return [
		'',
		title,
		line(headers),
		line(widths.map((width) => '-'.repeat(width))),
		...text.map(line),
	].join('\n');
}

export function printTable(title: string, headers: string[], rows: Cell[][]) {
	console.log(table(title, headers, rows));
}

/** Writes bench/results/<name>.json with the machine and the time of the run. */
export function writeResults(name: string, data: object): string {
	mkdirSync(RESULTS_DIR, { recursive: true });
	const file = join(RESULTS_DIR, `${name}.json`);
	writeFileSync(file, `${JSON.stringify({ benchmark: name, at: new Date().toISOString(), machine: machine(), ...data }, null, 2)}\n`);
	return file;
}

export const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

export const mib = (bytes: number) => round(bytes / 2 ** 20, 1);

export function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	const middle = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
