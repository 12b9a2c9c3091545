import { NotForYou } from '@/components/screen/not-for-you';

/**
 * The payment page's refusal to the network operator, until that page is a `recordPage`
 * (components/screen/screen-page.tsx), which answers every other record's page: the one refusal,
 * `NotForYou`, with the table of actions' words.
 */
export function ParticipantsOnly({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <NotForYou title={title} who="For the network's participants">
      {children}
    </NotForYou>
  );
}
