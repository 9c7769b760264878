// Any address no route serves: the explorer's own 404, in its frame (pages/404.tsx says the same
// for a hidden or missing entry).
import SiteLayout from "./(site)/layout";
import { NotFoundMessage } from "@/components/explorer/not-found-message";

export default function RootNotFound() {
  return (
    <SiteLayout>
      <NotFoundMessage />
    </SiteLayout>
  );
}
