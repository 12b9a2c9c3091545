import { DetailPageSkeleton } from '@/components/ui/skeleton';

export default function Loading() {
  return <DetailPageSkeleton label="Loading the request…" sections={3} />;
}
