/**
 * The transport's errors are built in files by kind: refusalErrors.ts (the platform said no),
 * rateLimitErrors.ts (429s, a spent quota, the lock-out), unansweredErrors.ts (no usable answer,
 * a write that may have been applied), settingErrors.ts (a credential field or Request Option
 * that stops the request). This file only forwards the one engine/operation.ts imports from here.
 */
export { UnconfirmedWriteError } from './unansweredErrors';
