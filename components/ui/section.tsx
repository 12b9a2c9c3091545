import type { ReactNode } from 'react';
import { CARD } from './styles';

/**
 * A titled part of a screen: an `<h2>` that names the section for screen readers (`id`), what acts
 * on the whole section at the title's end (`action`: an export, a refresh), and its content. `card`
 * frames it as a panel.
 */
export function Section({
  id,
  title,
  action,
  card = false,
  children,
}: {
  id: string;
  title: ReactNode;
  action?: ReactNode;
  card?: boolean;
  children: ReactNode;
}) {
  const heading = (
    <h2 id={id} className="font-medium">
      {title}
    </h2>
  );
  return (
    <section aria-labelledby={id} className={card ? `${CARD} flex flex-col gap-3` : 'flex flex-col gap-3'}>
      {action ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          {heading}
          {action}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
