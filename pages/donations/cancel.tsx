// /donations/cancel?token=… — the donor's page to cancel a monthly gift, from the signed link in
// its confirmation: what will be canceled, and a plain form (no JavaScript) that posts the token
// to POST /api/v1/donations/cancel, which answers with this page again. The token is the
// capability, so the page is never cached and sends no Referer onwards.
import type { GetServerSideProps } from "next";
import Head from "next/head";
import { PageHead } from "@/components/explorer/page-head";
import { SiteFrame } from "@/components/explorer/site-frame";
import { formatMinorUnits } from "@/lib/donations/currencies";
import type { GiftView } from "@/lib/donations/schemas";
import { getGiftForCancel } from "@/lib/donations/get-gift-for-cancel";
import { withServerErrorPage } from "@/lib/explorer/with-server-error-page";

export const config = { unstable_runtimeJS: false };

type Props = { token: string; failed: boolean } & ({ gift: GiftView } | { refusal: string });

export const getServerSideProps: GetServerSideProps = withServerErrorPage<Props>("gift cancel", async ({ query, res }) => {
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("Referrer-Policy", "no-referrer");
  const token = typeof query.token === "string" ? query.token : "";
  const found = await getGiftForCancel(token);
  if ("refusal" in found) res.statusCode = 400;
  return { props: { token, failed: query.failed === "1", ...found } };
});

const date = (iso: string) => new Date(iso).toLocaleDateString("en-GB", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

export default function CancelGiftPage(props: Props) {
  return (
    <SiteFrame>
      <PageHead title="Cancel a monthly gift" description="Stop a monthly donation made through the Trust Registry's donation widget." />
      <Head>
        <meta name="robots" content="noindex" />
      </Head>
      {"refusal" in props ? <Refusal reason={props.refusal} /> : <Gift gift={props.gift} token={props.token} failed={props.failed} />}
    </SiteFrame>
  );
}

function Refusal({ reason }: { reason: string }) {
  return (
    <>
      <h1>This cancel link does not work</h1>
      <p className="notice" role="alert">
        {reason.replace(/^token: /, "The link ").replace(/\.$/, "")}.
      </p>
      <p>Nothing was changed. If you still want to stop a monthly gift, ask the NGO you give to: they can cancel it for you.</p>
    </>
  );
}

function Gift({ gift, token, failed }: { gift: GiftView; token: string; failed: boolean }) {
  const amount = `${formatMinorUnits(gift.amount, gift.currency)} ${gift.currency}`;
  if (gift.state === "canceled") {
    return (
      <>
        <h1>Your monthly gift is canceled</h1>
        <p role="status">
          {`No further payments will be taken for your gift of ${amount} a month to ${gift.ngo.name}. Payments already made stay with the NGO.`}
        </p>
      </>
    );
  }
  return (
    <>
      <h1>Cancel your monthly gift</h1>
      {failed && (
        <p className="notice" role="alert">
          Nothing was canceled: the payment provider did not answer. Please try again in a moment.
        </p>
      )}
      <dl className="facts">
        <dt>To</dt>
        <dd>{gift.ngo.name}</dd>
        <dt>Amount</dt>
        <dd>{`${amount} a month`}</dd>
        <dt>Since</dt>
        <dd>{date(gift.started_at)}</dd>
        {gift.mode === "sandbox" && (
          <>
            <dt>Mode</dt>
            <dd>Sandbox: no money moves</dd>
          </>
        )}
      </dl>
      <p>Canceling stops all future payments of this gift. Payments already made are not refunded.</p>
      <form method="post" action="/api/v1/donations/cancel">
        <input type="hidden" name="token" value={token} />
        <button type="submit">Cancel the monthly gift</button>
      </form>
    </>
  );
}
