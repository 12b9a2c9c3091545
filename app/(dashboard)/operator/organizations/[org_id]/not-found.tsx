import { RecordNotFound } from '@/components/ui/record-not-found';

export default function OrganizationNotFound() {
  return (
    <RecordNotFound
      noun="Organization"
      backHref="/operator"
      backLabel="Organizations"
      where="on the network"
    />
  );
}
