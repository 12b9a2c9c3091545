import { Banner } from './banner';
import { PageTitle } from '@/components/ui/page-title';

/**
 * What a screen for one role shows everyone else who opens it directly: the navigation hides it
 * from them and the gateway would refuse every call with 403. One home for the dashboard's role
 * gates (the pages decide with the signed-in user's role; the gateway enforces).
 */
export function RoleOnly({
  title,
  who,
  children,
}: {
  title: string;
  /** The banner's title, e.g. "Admins only". */
  who: string;
  children: React.ReactNode;
}) {
  return (
    <div className="flex flex-col gap-6">
      <PageTitle>{title}</PageTitle>
      <Banner tone="info" title={who}>
        {children}
      </Banner>
    </div>
  );
}

/** A screen only an organization's admins can use. */
export function AdminsOnly({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <RoleOnly title={title} who="Admins only">
      {children}
    </RoleOnly>
  );
}

/**
 * A namespace's screen opened by the network operator, who holds no namespace (the navigation
 * does not offer it; a typed or shared address lands here): what the screen is for, and where the
 * operator looks instead — never the gateway's refusal of a read without a namespace.
 */
export function ParticipantsOnly({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <RoleOnly title={title} who="For the network's participants">
      {children}
    </RoleOnly>
  );
}
