// The <head> of an explorer page in the Pages Router: what the App Router's metadata gives its
// pages (title, description, viewport, icon), from the same source (lib/explorer/site-head.ts),
// and Open Graph tags where a page has them.
import Head from "next/head";
import { SITE_NAME, siteTitle } from "@/lib/explorer/site-head";

type Props = {
  /** The page's own title; the site's name is added after it, unless `absolute`. */
  title: string;
  absolute?: boolean;
  description: string;
  openGraph?: { type: string; url: string };
};

export function PageHead({ title, absolute = false, description, openGraph }: Props) {
  const full = absolute ? title : siteTitle(title);
  return (
    <Head>
      <title>{full}</title>
      <meta name="description" content={description} />
      <meta name="viewport" content="width=device-width, initial-scale=1" key="viewport" />
      <link rel="icon" href="/icon.png" type="image/png" sizes="32x32" />
      {openGraph && (
        <>
          <meta property="og:title" content={full} />
          <meta property="og:description" content={description} />
          <meta property="og:url" content={openGraph.url} />
          <meta property="og:site_name" content={SITE_NAME} />
          <meta property="og:type" content={openGraph.type} />
        </>
      )}
    </Head>
  );
}
