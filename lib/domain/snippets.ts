/**
 * Calls written out for people to copy and run: curl (bash), Node.js (fetch) and Python
 * (requests). One description of a call, three renderings, so the dashboard's snippets and the
 * API reference's samples say the same thing. Pure: the dashboard's bundles import it.
 */

/**
 * A header value: literal text, a variable the reader sets (`KEY`, `CSP_PARTNER_ID`), or a fresh
 * idempotency key made where the call runs.
 */
type SnippetValue = string | { env: string; prefix?: string } | { idempotencyKey: true };

export interface SnippetCall {
  method: string;
  /** Absolute: a call runs as printed only with its scheme and host. */
  url: string;
  headers: Array<[name: string, value: SnippetValue]>;
  /** A JSON body, sent with `content-type: application/json`. */
  body?: unknown;
}

/**
 * A fresh idempotency key in any POSIX shell, from tools every system has (od and tr: coreutils,
 * busybox, macOS). `uuidgen` is not installed on a stock Debian, and an empty key is a 400.
 */
export const SHELL_IDEMPOTENCY_KEY = "$(od -An -N16 -tx1 /dev/urandom | tr -d ' \\n')";

/** Single-quoted for bash: the text as is, a `'` written `'\''`. */
function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** Inside double quotes for bash: `$VAR` and `$(…)` still expand, the rest is literal. */
function shellDoubleQuoted(value: SnippetValue): string {
  const literal = (text: string) => text.replace(/[\\"$`]/g, (c) => `\\${c}`);
  if (typeof value === 'string') return literal(value);
  if ('env' in value) return `${literal(value.prefix ?? '')}$${value.env}`;
  return SHELL_IDEMPOTENCY_KEY.replace(/"/g, '\\"');
}

/** JSON on one line, spaced as people write it: `{"a": 1, "b": [1, 2]}`. */
function flatJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(flatJson).join(', ')}]`;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}: ${flatJson(v)}`).join(', ')}}`;
}

/** JSON laid out for reading: a value on one line when short, else two-space indent. */
function prettyJson(value: unknown, indent = ''): string {
  const flat = flatJson(value);
  if (value === null || typeof value !== 'object' || flat.length <= 72 - indent.length) return flat;
  const inner = `${indent}  `;
  if (Array.isArray(value))
    return `[\n${value.map((v) => `${inner}${prettyJson(v, inner)}`).join(',\n')}\n${indent}]`;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${prettyJson(v, inner)}`).join(',\n')}\n${indent}}`;
}

/**
 * `curl …` over several lines. The URL is left unquoted when it holds nothing the shell would
 * read (the common case), headers are double-quoted so `$KEY` expands, the body single-quoted.
 * `-sS` keeps curl's progress meter off (it shows when the answer is piped) but not its errors;
 * `-w '\n'` ends the answer with a line break, so two calls' answers do not run together.
 */
export function curlCommand(call: SnippetCall): string {
  const url = /^[\w:/.%@~+,=-]+$/.test(call.url) ? call.url : shellQuote(call.url);
  const lines = [`curl ${call.method === 'GET' ? '' : `-X ${call.method} `}${url}`];
  for (const [name, value] of call.headers) lines.push(`  -H "${name}: ${shellDoubleQuoted(value)}"`);
  if (call.body !== undefined) {
    lines.push('  -H "content-type: application/json"');
    lines.push(`  -d ${shellQuote(prettyJson(call.body, '  '))}`);
  }
  lines.push(`  -sS -w '\\n'`);
  return lines.join(' \\\n');
}

function jsValue(value: SnippetValue): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (!('env' in value)) return 'crypto.randomUUID()';
  return value.prefix
    ? `${JSON.stringify(value.prefix)} + process.env.${value.env}`
    : `process.env.${value.env}`;
}

/** Node.js 18+ (global fetch and crypto), as an ES module: `node call.mjs`. */
export function nodeFetch(call: SnippetCall): string {
  const headers = [...call.headers];
  if (call.body !== undefined) headers.push(['content-type', 'application/json']);
  const lines = [
    `const res = await fetch(${JSON.stringify(call.url)}, {`,
    `  method: ${JSON.stringify(call.method)},`,
    '  headers: {',
    ...headers.map(([name, value]) => `    ${JSON.stringify(name)}: ${jsValue(value)},`),
    '  },',
  ];
  if (call.body !== undefined) lines.push(`  body: JSON.stringify(${prettyJson(call.body, '  ')}),`);
  lines.push('});', 'console.log(res.status, await res.json());');
  return lines.join('\n');
}

function pyValue(value: SnippetValue): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (!('env' in value)) return 'str(uuid.uuid4())';
  const variable = `os.environ[${JSON.stringify(value.env)}]`;
  return value.prefix ? `${JSON.stringify(value.prefix)} + ${variable}` : variable;
}

/** JSON as a Python literal: the same text but for true, false and null. */
function pythonLiteral(json: string): string {
  return json.replace(/("(?:[^"\\]|\\.)*")|\b(true|false|null)\b/g, (m, str: string | undefined, word) =>
    str !== undefined ? str : word === 'true' ? 'True' : word === 'false' ? 'False' : 'None',
  );
}

/** Python 3 with requests: `python3 call.py`. */
export function pythonRequests(call: SnippetCall): string {
  const usesEnv = call.headers.some(([, v]) => typeof v !== 'string' && 'env' in v);
  const usesUuid = call.headers.some(([, v]) => typeof v !== 'string' && 'idempotencyKey' in v);
  const imports = [usesEnv ? 'import os' : null, usesUuid ? 'import uuid' : null, 'import requests'].filter(
    Boolean,
  );
  const lines = [
    ...imports,
    '',
    `res = requests.request(`,
    `    ${JSON.stringify(call.method)},`,
    `    ${JSON.stringify(call.url)},`,
    '    headers={',
    ...call.headers.map(([name, value]) => `        ${JSON.stringify(name)}: ${pyValue(value)},`),
    '    },',
  ];
  if (call.body !== undefined) lines.push(`    json=${pythonLiteral(prettyJson(call.body, '    '))},`);
  lines.push(')', 'print(res.status_code, res.json())');
  return lines.join('\n');
}
