'use client';

import { fromLocalInput, toLocalInput } from '@/lib/client/time';
import { Field } from './field';

/**
 * A list's time-range filter: two local date-time fields over Unix seconds as the URL and the
 * gateway keep them (`unixSeconds` filters), the start's first second and the end's last.
 */
export function TimeRangeFields({
  ids,
  labels = ['From', 'To'],
  from,
  to,
  onFrom,
  onTo,
}: {
  ids: [string, string];
  labels?: [string, string];
  /** Unix seconds, or undefined for an open end. */
  from: string | undefined;
  to: string | undefined;
  onFrom: (seconds: string | undefined) => void;
  onTo: (seconds: string | undefined) => void;
}) {
  return (
    <>
      <Field
        label={labels[0]}
        id={ids[0]}
        type="datetime-local"
        value={toLocalInput(from ?? null)}
        onChange={(e) => onFrom(fromLocalInput(e.target.value, 'start'))}
      />
      <Field
        label={labels[1]}
        id={ids[1]}
        type="datetime-local"
        value={toLocalInput(to ?? null)}
        onChange={(e) => onTo(fromLocalInput(e.target.value, 'end'))}
      />
    </>
  );
}
