import { forwardRef, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import { SELECT_CLASS } from './select';

interface Labelled {
  label: string;
  /** What the value must be or what it does, under the control and read with it by screen readers. */
  hint?: ReactNode;
  error?: string;
}

/** The hint and the error under a control, and the `aria-describedby` naming them. */
function Notes({ id, hint, error }: { id: string | undefined; hint?: ReactNode; error?: string }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </>
  );
}
const describedBy = (id: string | undefined, hint: ReactNode, error: string | undefined) =>
  [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;

export const Field = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & Labelled>(
  function Field({ label, hint, error, id, className = '', ...props }, ref) {
    const inputId = id ?? props.name;
    return (
      <div className="flex flex-col gap-1">
        <label htmlFor={inputId} className="text-sm font-medium text-slate-700 dark:text-slate-300">
          {label}
        </label>
        <input
          ref={ref}
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(inputId, hint, error)}
          className={`rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-900 ${className}`}
          {...props}
        />
        <Notes id={inputId} hint={hint} error={error} />
      </div>
    );
  },
);

/** A labelled native `<select>` (options as children), with the same hint and error lines as `Field`. */
export const SelectField = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement> & Labelled>(
  function SelectField({ label, hint, error, id, className = '', children, ...props }, ref) {
    const selectId = id ?? props.name;
    return (
      <div className="flex flex-col gap-1">
        <label htmlFor={selectId} className="text-sm font-medium text-slate-700 dark:text-slate-300">
          {label}
        </label>
        <select
          ref={ref}
          id={selectId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(selectId, hint, error)}
          className={`${SELECT_CLASS} ${className}`}
          {...props}
        >
          {children}
        </select>
        <Notes id={selectId} hint={hint} error={error} />
      </div>
    );
  },
);
