import { RecordNotFound } from '@/components/ui/record-not-found';

export default function AccountNotFound() {
  return <RecordNotFound noun="Account" backHref="/accounts" backLabel="Back to accounts" />;
}
