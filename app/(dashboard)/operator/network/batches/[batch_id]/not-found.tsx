import { RecordNotFound } from '@/components/ui/record-not-found';

export default function NetworkBatchNotFound() {
  return (
    <RecordNotFound
      noun="Settlement batch"
      backHref="/operator/network"
      backLabel="Network"
      where="on the network"
    />
  );
}
