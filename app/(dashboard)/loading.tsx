import { ListPageSkeleton } from '@/components/ui/skeleton';

/** Most dashboard screens are lists; record pages have their own skeletons. */
export default function Loading() {
  return <ListPageSkeleton />;
}
