import { RecordNotFound } from '@/components/ui/record-not-found';

export default function BatchNotFound() {
  return <RecordNotFound noun="Settlement batch" backHref="/settlements" backLabel="Back to settlements" />;
}
