import { recordPage } from '@/components/screen/screen-page';
import { RequestLogEntry } from './client';

export const metadata = { title: 'Request · Payment Network' };

/**
 * One request of the log. Read in the browser, not on the server: an entry is written a moment
 * after its answer, and a request id followed from an error just shown is asked again until it is.
 */
export default recordPage<{ request_id: string }>({
  href: '/logs',
  denied: {
    title: 'Request',
    who: "Your organization's people only",
    text: "The request log lists a namespace's API requests; the network operator has none.",
  },
  render: ({ params }) => <RequestLogEntry requestId={params.request_id} />,
});
