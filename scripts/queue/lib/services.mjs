/**
 * Postgres and Redis for n8n's queue mode, from Debian's packages (`postgresql`,
 * `redis-server`), started by us on 127.0.0.1 in a temporary folder and stopped at the end.
 * Neither package starts a server here; initdb refuses to run as root, so as root the
 * Postgres commands run as the `postgres` user the package created.
 *
 *   const pg = await startPostgres(dir);   // { port, user, database, psql(sql), stop() }
 *   const redis = await startRedis(dir);   // { port, stop() }
 *   stopAllServicesSync();                 // for process 'exit' / signals (the script's trap)
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';

import { freePort } from '../../lib/n8n.mjs';

export const APT_PACKAGES = ['postgresql', 'redis-server'];

function onPath(name) {
	for (const dir of (process.env.PATH ?? '').split(':')) if (dir && existsSync(join(dir, name))) return join(dir, name);
	return undefined;
}

/** The folder of initdb/pg_ctl/psql: Debian keeps them in /usr/lib/postgresql/<major>/bin. */
export function postgresBinDir() {
	const root = '/usr/lib/postgresql';
	if (existsSync(root)) {
		const majors = readdirSync(root).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a));
		for (const major of majors) if (existsSync(join(root, major, 'bin', 'initdb'))) return join(root, major, 'bin');
	}
	const initdb = onPath('initdb');
	return initdb ? join(initdb, '..') : undefined;
}

export function redisServerBin() {
	return onPath('redis-server') ?? (existsSync('/usr/bin/redis-server') ? '/usr/bin/redis-server' : undefined);
}

/** What is missing to run queue mode here, and the command that installs it. */
export function missingServices() {
	const missing = [];
	if (!postgresBinDir()) missing.push('postgresql');
	if (!redisServerBin()) missing.push('redis-server');
	return { missing, install: `sudo apt-get update && sudo apt-get install -y ${APT_PACKAGES.join(' ')}` };
}

const stoppers = new Set();

/** Stops every service still running (synchronously: also from a process 'exit' handler). */
export function stopAllServicesSync() {
	for (const stop of [...stoppers]) {
		try {
			stop();
		} catch {
			// best effort on the way out
		}
		stoppers.delete(stop);
	}
}

function waitForPort(port, what, timeoutMs = 30_000) {
	const started = Date.now();
	return new Promise((resolve, reject) => {
		const attempt = () => {
			const socket = connect(port, '127.0.0.1');
			socket.once('connect', () => {
				socket.destroy();
				resolve();
			});
			socket.once('error', () => {
				socket.destroy();
				if (Date.now() - started > timeoutMs) reject(new Error(`${what} not listening on ${port} after ${timeoutMs} ms`));
				else setTimeout(attempt, 200);
			});
		};
		attempt();
	});
}

/** A Postgres cluster of its own: trust auth on 127.0.0.1 only, superuser `n8n`, database `n8n`. */
export async function startPostgres(dir) {
	const bin = postgresBinDir();
	if (!bin) throw new Error(`Postgres is not installed: ${missingServices().install}`);
	const asRoot = process.getuid?.() === 0;
	const pgDir = join(dir, 'postgres');
	const data = join(pgDir, 'data');
	mkdirSync(pgDir, { recursive: true });
	const prefix = [];
	if (asRoot) {
		const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
		const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
		// The postgres user must reach its folder through ours.
		chmodSync(dir, 0o755);
		chownSync(pgDir, uid, gid);
		prefix.push('runuser', '-u', 'postgres', '--');
	}
	const run = (cmd, args) => {
		const [file, ...rest] = [...prefix, join(bin, cmd), ...args];
		const result = spawnSync(file, rest, { encoding: 'utf8' });
		if (result.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${result.status}\n${result.stdout}\n${result.stderr}`);
		return result.stdout;
	};
	const port = await freePort();
	run('initdb', ['-D', data, '-U', 'n8n', '--auth=trust', '-E', 'UTF8', '--no-locale']);
	const stop = () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
	run('pg_ctl', ['-D', data, '-l', join(pgDir, 'postgres.log'), '-w', '-o', `-c listen_addresses=127.0.0.1 -p ${port} -k ${pgDir}`, 'start']);
	stoppers.add(stop);
	await waitForPort(port, 'Postgres');
	const psql = (sql) => run('psql', ['-h', '127.0.0.1', '-p', String(port), '-U', 'n8n', '-d', 'n8n', '-At', '-c', sql]);
	run('psql', ['-h', '127.0.0.1', '-p', String(port), '-U', 'n8n', '-d', 'postgres', '-c', 'CREATE DATABASE n8n']);
	return {
		port,
		user: 'n8n',
		database: 'n8n',
		psql,
		stop() {
			if (!stoppers.has(stop)) return;
			stoppers.delete(stop);
			stop();
		},
	};
}

/** A Redis of its own: 127.0.0.1 only, no persistence. */
export async function startRedis(dir) {
	const bin = redisServerBin();
	if (!bin) throw new Error(`Redis is not installed: ${missingServices().install}`);
	const redisDir = join(dir, 'redis');
	mkdirSync(redisDir, { recursive: true });
	const port = await freePort();
	const pidFile = join(redisDir, 'redis.pid');
	execFileSync(bin, [
		'--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no',
		'--daemonize', 'yes', '--pidfile', pidFile, '--dir', redisDir, '--logfile', join(redisDir, 'redis.log'),
	]);
	const stop = () => {
		if (!existsSync(pidFile)) return;
		const pid = Number(readFileSync(pidFile, 'utf8').trim());
		try {
			process.kill(pid, 'SIGTERM');
		} catch {
			return;
		}
		// Redis removes its pid file on exit: wait for it, briefly.
		for (let i = 0; i < 50 && existsSync(pidFile); i++) spawnSync('sleep', ['0.1']);
	};
	stoppers.add(stop);
	await waitForPort(port, 'Redis');
	return {
		port,
		stop() {
			if (!stoppers.has(stop)) return;
			stoppers.delete(stop);
			stop();
		},
	};
}

/**
 * Runs a queue script's `main`: Postgres and Redis stopped on every way out (SIGINT, SIGTERM,
 * exit), the report printed, the work folder removed after a pass and kept (and named) after a
 * failure. Sets the exit code.
 */
export function runServicesScript({ main, report, label, work, say }) {
	process.on('SIGINT', () => {
		stopAllServicesSync();
		process.exit(130);
	});
	process.on('SIGTERM', () => {
		stopAllServicesSync();
		process.exit(143);
	});
	process.on('exit', () => stopAllServicesSync());
	main()
		.catch((error) => report.fail(label, 'run', error))
		.finally(() => {
			report.print();
			process.exitCode = report.failed > 0 || report.passed === 0 ? 1 : 0;
			if (process.exitCode === 0) rmSync(work, { recursive: true, force: true });
			else say(`n8n folders and logs kept in ${work}`);
		});
}
