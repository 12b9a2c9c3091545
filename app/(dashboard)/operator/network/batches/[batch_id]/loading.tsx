import { DetailPageSkeleton } from '@/components/ui/skeleton';

export default function Loading() {
  return <DetailPageSkeleton label="Loading the batch…" sections={2} />;
}
