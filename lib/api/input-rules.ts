import type { Context } from 'hono';
import { ValidationError } from '@/lib/errors';

/**
 * What every input is held to besides its schema (docs/decisions.md "HTTP"): a JSON body's
 * nesting and width are bounded, so nothing that walks it recursively afterwards (validation,
 * the idempotency fingerprint, jsonb encoding, the response) can run out of stack; and no
 * string, value or key, holds U+0000 (PostgreSQL's text and jsonb cannot) or a lone UTF-16
 * surrogate (jsonb refuses it; text would store U+FFFD in its place). One walk, without
 * recursion, checks all of it.
 */

/** Containers inside one another; the deepest body of the API (a party's `billing`) has 3. */
export const MAX_JSON_DEPTH = 32;
/** Members of one object or array; the widest of the API (`event_types`) has at most 32. */
export const MAX_JSON_MEMBERS = 1000;

export const NUL_MESSAGE = 'must not contain the NUL character (U+0000)';
export const LONE_SURROGATE_MESSAGE = 'must not contain a lone UTF-16 surrogate';
export const DEPTH_MESSAGE = `JSON nested deeper than ${MAX_JSON_DEPTH} levels`;
export const WIDTH_MESSAGE = `JSON object or array with more than ${MAX_JSON_MEMBERS} members`;

export interface InputIssue {
  path: PropertyKey[];
  message: string;
}

interface IssueLike {
  path: PropertyKey[];
  message: string;
}

// ES2024, in Node 20; the project's TypeScript library is ES2023.
const isWellFormed = (s: string) => (s as unknown as { isWellFormed(): boolean }).isWellFormed();
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** A field name as a message shows it: a lone surrogate as the escape that sent it (`\ud800`). */
function printable(segment: PropertyKey): string {
  const s = String(segment);
  if (isWellFormed(s)) return s;
  return s.replace(LONE_SURROGATE, (unit) => `\\u${unit.charCodeAt(0).toString(16)}`);
}

/** Issues → one message naming each offending field (at most five). */
export function formatIssues(issues: IssueLike[], target?: string): string {
  const parts = issues.slice(0, 5).map((i) => {
    const field = i.path.map(printable).join('.');
    const where = field || (target === 'json' ? 'body' : (target ?? 'request'));
    return `${where}: ${i.message}`;
  });
  return parts.join('; ');
}

/**
 * Issues → the 400 refusal: their message (formatIssues), and the field at fault when they all
 * concern one (the envelope's `field`); none for the body as a whole or for several fields.
 */
export function issuesError(issues: IssueLike[], target?: string): ValidationError {
  const paths = new Set(issues.slice(0, 5).map((i) => i.path.map(printable).join('.')));
  const [only] = paths;
  return new ValidationError(formatIssues(issues, target), paths.size === 1 && only ? only : null);
}

function stringIssue(s: string): string | undefined {
  if (s.includes('\u0000')) return NUL_MESSAGE;
  if (!isWellFormed(s)) return LONE_SURROGATE_MESSAGE;
  return undefined;
}

interface Frame {
  container: object;
  /** An object's keys; undefined for an array. */
  keys: string[] | undefined;
  size: number;
  next: number;
  path: PropertyKey[];
}

/**
 * The first rule a value breaks, in document order: a string (value or key) holding U+0000 or a
 * lone surrogate, a container nested deeper than MAX_JSON_DEPTH or with more than
 * MAX_JSON_MEMBERS members. Iterative (an explicit stack), so any depth is safe to give it.
 */
export function inputIssue(value: unknown): InputIssue | undefined {
  if (typeof value === 'string') {
    const message = stringIssue(value);
    return message ? { path: [], message } : undefined;
  }
  if (value === null || typeof value !== 'object') return undefined;

  const stack: Frame[] = [];
  const open = (container: object, path: PropertyKey[]): InputIssue | undefined => {
    if (stack.length === MAX_JSON_DEPTH) return { path: [], message: DEPTH_MESSAGE };
    const keys = Array.isArray(container) ? undefined : Object.keys(container);
    const size = keys ? keys.length : (container as unknown[]).length;
    if (size > MAX_JSON_MEMBERS) return { path, message: WIDTH_MESSAGE };
    stack.push({ container, keys, size, next: 0, path });
    return undefined;
  };

  let issue = open(value, []);
  while (!issue && stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    if (frame.next === frame.size) {
      stack.pop();
      continue;
    }
    const index = frame.next++;
    const key = frame.keys ? frame.keys[index]! : index;
    if (typeof key === 'string') {
      const message = stringIssue(key);
      if (message) return { path: [...frame.path, key], message };
    }
    const item = (frame.container as Record<PropertyKey, unknown>)[key];
    if (typeof item === 'string') {
      const message = stringIssue(item);
      if (message) return { path: [...frame.path, key], message };
    } else if (item !== null && typeof item === 'object') {
      issue = open(item, [...frame.path, key]);
    }
  }
  return issue;
}

/**
 * A route's JSON body, as sent, held to the rules before its schema or anything else walks it;
 * unknown fields included, since the idempotency fingerprint hashes the body whole. Malformed
 * JSON is left to the validator, which answers its own 400.
 */
export async function checkJsonBody(c: Context): Promise<void> {
  // Read as text, then parsed here: the text as sent stays with the request (the request log
  // keeps it, a malformed body included) and the parsed body is what the validator reads, with
  // no second parse.
  let body: unknown;
  try {
    body = JSON.parse(await c.req.text());
  } catch {
    return;
  }
  c.req.bodyCache.json = Promise.resolve(body);
  const issue = inputIssue(body);
  if (issue) throw issuesError([issue], 'json');
}
