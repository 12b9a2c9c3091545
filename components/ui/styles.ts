/**
 * The class lists every screen shares, in one place: a card (a bordered panel), a term of a
 * definition list, and a text link. Components where behaviour comes with the look live beside
 * this file (Button, Badge, Field…); these are looks alone.
 */
export const CARD = 'rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900';
export const TERM = 'text-xs font-medium text-slate-600 uppercase dark:text-slate-400';
export const LINK = 'text-blue-700 underline dark:text-blue-400';
