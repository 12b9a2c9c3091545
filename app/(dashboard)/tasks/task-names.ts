/** The admission tasks' names (DESIGN §5, §12) as the queue shows them, in the filter's order. */
export const TASK_NAMES = {
  beneficiary_admission: 'Beneficiary admission',
  debtor_authorization: 'Debtor authorization',
  compliance_review: 'Compliance review',
  return_request: 'Return request',
} as const;

/** A task's name in words; an unknown one as the wire spells it, without underscores. */
export const taskLabel = (name: string): string =>
  TASK_NAMES[name as keyof typeof TASK_NAMES] ?? name.replace(/_/g, ' ');

/** A return request is decided in its own words: the money goes back, or the request is refused. */
export const isReturnRequest = (t: { name: string }) => t.name === 'return_request';
