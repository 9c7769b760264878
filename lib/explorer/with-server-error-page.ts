import type { GetServerSideProps } from "next";
import type { ParsedUrlQuery } from "node:querystring";
import { assertRouteParams } from "@/lib/http/assert-route-params";
import { log } from "@/lib/log";

/** The props of a page whose data could not be loaded: pages/_app.tsx shows the 500 page for them. */
export type ServerErrorProps = { serverError: true };

/**
 * An explorer page's getServerSideProps, with its failures answered as the 500 page and logged as
 * one line with the error's name: Next itself would log a thrown error with its stack, which may
 * carry SQL or addresses. A path segment with a control character names nothing: a 404 before
 * the page loads anything.
 */
export function withServerErrorPage<P extends Record<string, unknown>, Q extends ParsedUrlQuery = ParsedUrlQuery>(
  page: string,
  load: GetServerSideProps<P, Q>,
): GetServerSideProps<P | ServerErrorProps, Q> {
  return async (context) => {
    try {
      if (!(await assertRouteParams(context).then(() => true, () => false))) return { notFound: true };
      return await load(context);
    } catch (error) {
      log("error", "explorer page failed", { page, error: error instanceof Error ? error.name : "unknown" });
      context.res.statusCode = 500;
      return { props: { serverError: true } };
    }
  };
}
