// The Pages Router's app: the explorer's stylesheet, as the App Router's (site) layout has it.
import type { AppProps } from "next/app";
import "@/components/explorer/site.css";

export default function App({ Component, pageProps }: AppProps) {
  return <Component {...pageProps} />;
}
