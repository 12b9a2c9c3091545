'use client';

import type { ComponentProps } from 'react';
import { useHydrated } from '@/lib/client/hydrated';

const VARIANTS = {
  primary: 'bg-blue-600 text-white hover:bg-blue-700 disabled:bg-blue-400',
  secondary:
    'border border-slate-300 bg-white text-slate-800 hover:bg-slate-100 disabled:opacity-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700',
  danger: 'bg-red-600 text-white hover:bg-red-700 disabled:bg-red-400',
} as const;

/**
 * The dashboard's button. Disabled until the page's JavaScript has taken over: pressed before that,
 * a submit button would send its form the browser's way — a GET of the page with every field in
 * the address (a password in the URL, the history and the server's logs) — and any other would do
 * nothing. The server's HTML shows it disabled for that moment.
 */
export function Button({
  variant = 'primary',
  className = '',
  disabled,
  ...props
}: ComponentProps<'button'> & { variant?: keyof typeof VARIANTS }) {
  const hydrated = useHydrated();
  return (
    <button
      {...props}
      disabled={disabled || !hydrated}
      className={`inline-flex items-center justify-center gap-2 rounded-md px-3 py-2 text-sm font-medium disabled:cursor-not-allowed ${VARIANTS[variant]} ${className}`}
    />
  );
}
