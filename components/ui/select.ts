/** The look of every native <select> in the dashboard. */
export const SELECT_CLASS =
  'h-9.5 rounded-md border border-slate-300 bg-white px-2 py-2 text-sm dark:border-slate-600 dark:bg-slate-800';
