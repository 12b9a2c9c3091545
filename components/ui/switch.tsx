'use client';

import { useHydrated } from '@/lib/client/hydrated';

/**
 * An on/off control that acts at once (a rule enabled, not a form's field): a button with the
 * switch role, its state in `aria-checked` and in words beside the knob, so neither the colour nor
 * the knob's side alone says it. Disabled until the page's JavaScript has taken over, as `Button`.
 */
export function Switch({
  checked,
  label,
  onChange,
  disabled,
}: {
  checked: boolean;
  /** What it turns on and off, for screen readers: "Enabled: Crypto held". */
  label: string;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      disabled={disabled || !hydrated}
      onClick={() => onChange(!checked)}
      className="inline-flex items-center gap-2 rounded-md py-1 text-sm whitespace-nowrap disabled:cursor-not-allowed disabled:opacity-60"
    >
      <span
        aria-hidden="true"
        className={`relative inline-flex h-5 w-9 shrink-0 rounded-full transition-colors ${checked ? 'bg-blue-600' : 'bg-slate-400 dark:bg-slate-600'}`}
      >
        <span
          className={`absolute top-0.5 size-4 rounded-full bg-white shadow transition-transform ${checked ? 'translate-x-4' : 'translate-x-0.5'}`}
        />
      </span>
      <span>{checked ? 'On' : 'Off'}</span>
    </button>
  );
}
