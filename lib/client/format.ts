/** Display helpers of the dashboard; the rules themselves live in lib/domain. */
export {
  currencyExponent,
  formatAmount,
  formatMoney,
  formatMoneyChange,
  formatNet,
  formatPosition,
  formatUnitsNumber,
  toMinorUnits,
  unitsNumber,
} from '@/lib/domain/money';
export { formatCompact, formatCount, formatDecimal } from '@/lib/domain/numbers';
export { REASONS, reasonLabel } from '@/lib/domain/reasons';
export { SUBMISSION_LABELS as SUBMISSION_STATUS, TASK_LABELS as TASK_STATUS } from '@/lib/domain/statuses';

export { formatLocal, formatLocalClock, formatUtc, when } from './time';
