import { NotFoundMessage } from "@/components/explorer/not-found-message";

export default function NotFound() {
  return <NotFoundMessage />;
}
