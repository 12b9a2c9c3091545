export const CARD = 'rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900';
export const TERM = 'text-xs font-medium text-slate-600 uppercase dark:text-slate-400';
