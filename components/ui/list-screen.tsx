import { Banner } from './banner';
import { PageTitle } from './page-title';

/**
 * A resource list's screen, one frame for all of them: its title (and `description`), anything the screen says first
 * (`intro`), then what an admin adds here (`create`) or — for everyone else — a banner saying the
 * list is read only and who may change it (`readOnly`), then its filters and table (`children`).
 */
export function ListScreen({
  title,
  description,
  intro,
  create,
  readOnly,
  children,
}: {
  title: string;
  /** A line under the title: what the list holds. */
  description?: React.ReactNode;
  intro?: React.ReactNode;
  /** Shown to those who may change the list; `readOnly` to everyone else. */
  create: React.ReactNode | false;
  /** Absent on a screen only those who may change it open (its page answers AdminsOnly to others). */
  readOnly?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <div className="flex flex-col gap-6">
      <PageTitle description={description}>{title}</PageTitle>
      {intro}
      {create ||
        (readOnly ? (
          <Banner tone="info" title="Read only">
            {readOnly}
          </Banner>
        ) : null)}
      {children}
    </div>
  );
}
