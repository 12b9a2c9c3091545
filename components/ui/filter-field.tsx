'use client';

import { useState, type ComponentProps } from 'react';
import { whenTypingStops } from '@/lib/client/use-url-state';
import { Field } from './field';

/**
 * A list's text filter kept in the URL: the field follows the URL (a "Clear filters", Back), and
 * the URL follows the field once typing pauses, without the field losing focus or a trailing space.
 */
export function FilterField({
  value,
  onValue,
  normalize = (v) => v.trim(),
  ...props
}: Omit<ComponentProps<typeof Field>, 'value' | 'onChange' | 'defaultValue'> & {
  value: string;
  onValue: (value: string) => void;
  /** The value the URL takes from what was typed; null leaves the URL as it is (not yet valid). */
  normalize?: (typed: string) => string | null;
}) {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (normalize(text) !== value) setText(value);
  }
  return (
    <Field
      {...props}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        const next = normalize(e.target.value);
        if (next !== null) whenTypingStops(props.id ?? props.label, () => onValue(next));
      }}
    />
  );
}
