import { DEFAULT_THRESHOLDS } from '@/lib/domain/liquidity';
import { formatUtilisation as utilisationText } from '@/lib/domain/money';

const [WARN_AT, DANGER_AT] = DEFAULT_THRESHOLDS;

/** How close a position is to its limit: the banner's and the bars' colours (75 % amber, 90 % red). */
export type UtilisationLevel = 'ok' | 'warning' | 'danger';

export function utilisationLevel(utilisation: number | null): UtilisationLevel {
  if (utilisation === null || utilisation < WARN_AT) return 'ok';
  return utilisation < DANGER_AT ? 'warning' : 'danger';
}

const FILL: Record<UtilisationLevel, string> = {
  ok: 'bg-blue-600 dark:bg-blue-400',
  warning: 'bg-amber-500 dark:bg-amber-400',
  danger: 'bg-red-600 dark:bg-red-500',
};

/**
 * A position's utilisation of its limit as a bar (a meter for assistive technology), the figure
 * beside it. Past 100 % (a cap lowered under the position) the bar stays full.
 */
export function UtilisationBar({
  utilisation,
  position,
  label,
  className = '',
}: {
  utilisation: number | null;
  /** The position (minor units): below zero it is a net credit, whatever the figure rounds to. */
  position: string;
  /** What is measured, e.g. "USD utilisation of Union CU members". */
  label: string;
  className?: string;
}) {
  const level = utilisationLevel(utilisation);
  const width = utilisation === null ? 0 : Math.max(0, Math.min(100, utilisation));
  return (
    <div className={`flex items-center gap-2 ${className}`}>
      <div
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={utilisation === null ? 0 : Math.min(100, Math.max(0, utilisation))}
        aria-valuetext={utilisationText(utilisation, position)}
        className="h-2 min-w-16 flex-1 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
      >
        <div className={`h-full rounded-full ${FILL[level]}`} style={{ width: `${width}%` }} />
      </div>
      <span className="min-w-16 shrink-0 text-right text-sm whitespace-nowrap tabular-nums">
        {utilisationText(utilisation, position)}
      </span>
    </div>
  );
}
