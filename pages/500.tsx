// The explorer's 500, for a failure while a page renders (see withServerErrorPage for one while
// its data loads).
import { ServerError } from "@/components/explorer/server-error";

export const config = { unstable_runtimeJS: false };

export default function ServerErrorPage() {
  return <ServerError />;
}
