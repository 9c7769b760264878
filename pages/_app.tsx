// The Pages Router's app: the explorer's stylesheet (app/not-found.tsx imports it too), and
// the 500 page for a page whose data could not be loaded (withServerErrorPage).
import type { AppProps } from "next/app";
import { ServerError } from "@/components/explorer/server-error";
import "@/components/explorer/site.css";

export default function App({ Component, pageProps }: AppProps<{ serverError?: true }>) {
  if (pageProps.serverError) return <ServerError />;
  return <Component {...pageProps} />;
}
