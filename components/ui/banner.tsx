/** A page-level notice: a disabled or failing resource, with the action that fixes it. */
const TONES = {
  danger: 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100',
  warning:
    'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100',
  info: 'border-blue-300 bg-blue-50 text-blue-900 dark:border-blue-800 dark:bg-blue-950 dark:text-blue-100',
} as const;

export function Banner({
  tone,
  title,
  children,
  action,
  label,
}: {
  tone: keyof typeof TONES;
  title: string;
  children?: React.ReactNode;
  action?: React.ReactNode;
  /** Accessible name of the region (defaults to the title). */
  label?: string;
}) {
  return (
    <section
      role={tone === 'danger' ? 'alert' : 'status'}
      aria-label={label ?? title}
      className={`flex flex-wrap items-start justify-between gap-3 rounded-lg border p-4 ${TONES[tone]}`}
    >
      <div className="min-w-0">
        <p className="font-medium">{title}</p>
        {children ? <div className="mt-1 text-sm">{children}</div> : null}
      </div>
      {action}
    </section>
  );
}
