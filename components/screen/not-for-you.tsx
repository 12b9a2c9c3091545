import type { ReactNode } from 'react';
import { Banner } from '@/components/ui/banner';
import { PageTitle } from '@/components/ui/page-title';

/**
 * What a screen says to someone it is not for, instead of calling the gateway (which would refuse
 * with 403): its title, whose it is (`who`: "Admins only", "For the network's participants"…,
 * `whoMay` in lib/domain/permissions.ts), and what it is for and where to look instead. The one
 * refusal of the dashboard's pages: `screenPage` answers it, and so do a layout and a record's page
 * through `refusal`.
 */
export function NotForYou({ title, who, children }: { title: string; who: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-6">
      <PageTitle>{title}</PageTitle>
      <Banner tone="info" title={who}>
        {children}
      </Banner>
    </div>
  );
}
