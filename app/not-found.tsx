// Any address no route serves: the explorer's own 404, in its frame.
import SiteLayout from "./(site)/layout";
import NotFound from "./(site)/not-found";

export default function RootNotFound() {
  return (
    <SiteLayout>
      <NotFound />
    </SiteLayout>
  );
}
