import type { ReactNode } from 'react';

/**
 * A screen's title, the same on every screen, and the line under it saying what the screen holds
 * (`description`). Extra classes (`className`) are for a title that is data, e.g. a URL that wraps.
 */
export function PageTitle({
  children,
  description,
  className,
}: {
  children: ReactNode;
  description?: ReactNode;
  className?: string;
}) {
  const title = (
    <h1 className={className ? `text-2xl font-semibold ${className}` : 'text-2xl font-semibold'}>
      {children}
    </h1>
  );
  if (!description) return title;
  return (
    <div>
      {title}
      <p className="text-sm text-slate-600 dark:text-slate-400">{description}</p>
    </div>
  );
}
